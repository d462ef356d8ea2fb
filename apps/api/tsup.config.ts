import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/db/cli.ts', 'src/cli/organizer-add.ts'],
  format: ['esm'],
  // The oldest Node the root package.json's engines allow (React Router 8 needs 22.22).
  target: 'node22',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared package ships TypeScript sources; bundle it, keep npm dependencies external.
  noExternal: ['@festival/shared'],
});
