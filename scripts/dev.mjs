/**
 * `npm run dev`: the API with hot reload on http://localhost:3001 (API_PORT overrides) and the
 * React Router (Vite) dev server on http://localhost:5173, which proxies /api to the API
 * (apps/web/vite.config.ts reads the same API_PORT). Open the Vite URL.
 *
 * The API keeps its data where `npm start` does (DATA_DIR, default ./data at the repository
 * root) and reads the root .env. PUBLIC_URL points at the Vite server so payment redirects
 * and links in emails land on the page being developed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { concurrently } from 'concurrently';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

try {
  process.loadEnvFile(path.join(root, '.env'));
} catch {
  // No .env file: defaults and the shell's environment apply.
}

const API_PORT = process.env.API_PORT || '3001';
const WEB_URL = 'http://localhost:5173';

const { result } = concurrently(
  [
    {
      name: 'api',
      prefixColor: 'blue',
      command: 'npm run dev -w @festival/api',
      env: {
        NODE_ENV: 'development',
        PORT: API_PORT,
        PUBLIC_URL: WEB_URL,
        DATA_DIR: path.resolve(root, process.env.DATA_DIR || 'data'),
      },
    },
    {
      name: 'web',
      prefixColor: 'magenta',
      command: 'npm run dev -w @festival/web',
      env: { API_PORT },
    },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name', cwd: root },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
