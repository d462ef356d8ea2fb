/**
 * `npm start`: builds whatever is missing or older than its sources, then runs the production
 * server (apps/api/dist/server.js), which applies migrations, seeds reference data and serves
 * the site and the API on one port (PORT, default 3000) with its data under DATA_DIR
 * (default ./data). Plain Node, no dependencies, so it runs straight after `npm ci`.
 *
 * Exits with the server's exit code. SIGINT/SIGTERM/SIGHUP are forwarded to the server once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

// Both builds carry their dependencies (the API's since decision 019): a changed lock file
// rebuilds them.
const shared = [at('packages/shared/src'), at('package-lock.json')];
const targets = [
  {
    workspace: '@festival/web',
    output: at('apps/web/build/client/index.html'),
    sources: [
      at('apps/web/app'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      at('apps/web/react-router.config.ts'),
      ...shared,
    ],
  },
  {
    workspace: '@festival/api',
    output: at('apps/api/dist/server.js'),
    sources: [at('apps/api/src'), at('apps/api/drizzle'), at('apps/api/tsup.config.ts'), ...shared],
  },
];

/** Newest modification time (ms) of a file or of any file below a directory; 0 if absent. */
function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || child.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

/** Why a target needs building, or undefined when its output is up to date. */
function staleReason({ output, sources }) {
  if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = sources.find((source) => newestMtime(source) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
}

/** Runs npm with the same npm that started us when known (npm_execpath), else from PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  const result = npmCli?.endsWith('.js')
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// Only the stale workspaces are rebuilt: the web build is the slow one and rarely needed after an API change.
for (const target of targets) {
  const reason = staleReason(target);
  if (!reason) continue;
  console.log(`[start] building ${target.workspace}: ${reason}`);
  const status = npm(['run', 'build', '-w', target.workspace]);
  if (status !== 0) {
    console.error(`[start] build of ${target.workspace} failed (exit ${status})`);
    process.exit(status);
  }
}

// Own process group: a terminal's Ctrl+C reaches only this process, which forwards it once.
// The server treats a second signal as "exit now", which would skip its graceful shutdown.
// --liftoff-only: V8 keeps PGlite's WebAssembly at its first, quick compilation instead of
// compiling it again optimised, which nearly doubles the memory of a start (decision 028); on
// PostgreSQL no WebAssembly is loaded and the flag changes nothing.
const server = spawn(process.execPath, ['--liftoff-only', at('apps/api/dist/server.js')], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

let forwarded = false;
function stopServer(signal) {
  if (forwarded) return;
  forwarded = true;
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));

// `kill <npm pid>` reaches only npm's `sh -c`, which dies without passing the signal on; we
// notice by being re-parented and stop the server rather than leave it holding the port and
// the database directory.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 1000).unref();
// If this process ends for any other reason, do not leave the server running unattended.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
