import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { finishClientBuild } from './scripts/finish-client-build';

/**
 * No runtime server rendering: the API process serves build/client (apps/api/src/plugins/web.ts).
 * Static pages are prerendered to `<path>/index.html`; every other path gets `__spa-fallback.html`.
 * The payment pages read `?reference` in a clientLoader, so their prerendered HTML is a shell.
 */
export default {
  ssr: false,
  // A separate output folder (WEB_BUILD_DIR) lets parallel builds and test runs coexist.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // Every route without URL parameters (dynamic ones such as /cms/:id use the SPA fallback).
  prerender: true,
  // Preload priority and compressed copies of the finished client folder (see the script).
  async buildEnd({ reactRouterConfig }) {
    await finishClientBuild(path.join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
