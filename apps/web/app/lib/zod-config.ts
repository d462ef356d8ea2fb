/**
 * zod's settings without loading zod. Forms parse with zod, which otherwise probes
 * `new Function` when it first parses an object; the Content-Security-Policy (no 'unsafe-eval')
 * reports that as a violation. zod keeps its settings in `globalThis.__zod_globalConfig` and
 * adopts an object already there when it loads (zod/v4/core/core.js), so setting it first leaves
 * zod out of the pages that never validate (most public pages).
 */
export function setZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}
