/**
 * Lingui in Vite (the app's build and the unit tests): its macros transformed by Babel, only in
 * files that import them, and the PO catalogs compiled on import (docs/decisions/032-lingui.md).
 *
 * Babel rather than the Vite plugin's native macro transform: that transform's binary is an
 * optional package that asks for Node >= 22.19, so `npm ci` on a machine whose own Node is older
 * (the README's promise: npm ci brings Node 24 for the scripts) skips it and the build fails.
 */
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

// The plugin suggests its native transform at every start; the reason not to is above.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

export function linguiPlugins(options: Parameters<typeof lingui>[0] = {}): PluginOption[] {
  return [babel({ presets: [linguiTransformerBabelPreset()] }), lingui(options)];
}
