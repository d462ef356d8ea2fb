import { defineConfig } from 'tsup';

/**
 * Packages left to Node's resolver at run time, each because it finds files or code beside
 * its own modules, which a bundle moved into dist/ would no longer have beside it
 * (decision 019). Every other dependency is bundled.
 */
const unbundled = [
  // Its WebAssembly, data file and extension archives: new URL('./pglite.wasm', import.meta.url).
  '@electric-sql/pglite',
  // Its standard fonts' metrics through its package's "#standard-fonts" imports, its ICC profile.
  'pdfkit',
  // Its worker script and standard fonts by path.
  'pdfjs-dist',
  // A native addon.
  'sharp',
  // Transports run in worker threads started from its own files.
  'pino',
  // Their package.json and the UI's static files through __dirname.
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

const escaped = unbundled.map((name) => name.replace(/[/.]/g, '\\$&'));

export default defineConfig({
  entry: ['src/server.ts', 'src/db/cli.ts', 'src/cli/organizer-add.ts', 'src/cli/pglite-initdb.ts'],
  format: ['esm'],
  // The oldest Node the root package.json's engines allow (React Router 8 needs 22.22).
  target: 'node22',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // A few files instead of thousands of modules to resolve and read at each start: the server
  // answers in 0.9 s instead of 1.5 s on PostgreSQL, peaking at 259 MB instead of 466
  // (decision 019).
  noExternal: [new RegExp(`^(?!(${escaped.join('|')})(/|$))`)],
  // CommonJS dependencies call require() at run time, which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
