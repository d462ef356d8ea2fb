/**
 * The bare Fastify of the public-reads bench (public-reads.ts) as a process of its own, for the
 * comparison with the built server, which runs in its own processes too: answers the routes of
 * a JSON file (`{ [url]: { body: base64, headers } }`, the app's bytes and headers) from
 * memory and tells the parent its port over IPC. With more than one worker it is a node:cluster
 * on one port, as the built server is with WEB_CONCURRENCY. Started by `startBareProcess`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import cluster from 'node:cluster';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { freePort } from './free-port.js';
import { processTreeCpuSeconds } from './proc.js';

/** One route's answer: the body's bytes and every header but those Node writes itself. */
export interface BareAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** A bare Fastify answering `answers` by URL from memory (404 for any other). */
export function bareServer(answers: Map<string, BareAnswer>): FastifyInstance {
  const bare = Fastify();
  bare.get('/*', (request, reply) => {
    const answer = answers.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.headers(answer.headers).send(answer.body);
  });
  return bare;
}

/**
 * Starts this file as a child process (with this process's loader flags, so TypeScript runs)
 * answering `answers`, written to `file`, with `workers` processes. Returns its origin, the CPU
 * seconds of its processes so far (where /proc exists) and a function that stops it.
 */
export async function startBareProcess(
  answers: Map<string, BareAnswer>,
  file: string,
  workers = 1,
): Promise<{ baseUrl: string; cpuSeconds: (() => number) | undefined; stop: () => Promise<void> }> {
  const serialised = Object.fromEntries(
    [...answers].map(([url, { body, headers }]) => [url, { body: body.toString('base64'), headers }]),
  );
  await writeFile(file, JSON.stringify(serialised));
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), file, String(workers)],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code} before listening`)));
  });
  const pid = child.pid;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cpuSeconds:
      pid !== undefined && existsSync(`/proc/${pid}/stat`) ? () => processTreeCpuSeconds(pid) : undefined,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(file: string, port: number): Promise<FastifyInstance> {
  const stored = JSON.parse(await readFile(file, 'utf8')) as Record<
    string,
    { body: string; headers: Record<string, string> }
  >;
  const answers = new Map(
    Object.entries(stored).map(([url, { body, headers }]) => [
      url,
      { body: Buffer.from(body, 'base64'), headers },
    ]),
  );
  const bare = bareServer(answers);
  await bare.listen({ host: '127.0.0.1', port });
  process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
  return bare;
}

/** The cluster's primary: forks the workers on one free port, tells the parent once all listen. */
async function servePrimary(file: string, workers: number): Promise<void> {
  const port = await freePort();
  cluster.setupPrimary({ args: [file, String(workers), String(port)] });
  const listening = Array.from(
    { length: workers },
    () => new Promise<void>((resolve) => cluster.fork().once('listening', () => resolve())),
  );
  await Promise.all(listening);
  process.send?.(String(port));
  process.once('SIGTERM', () => {
    let running = workers;
    cluster.on('exit', () => {
      running -= 1;
      if (running === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, workers = '1', port] = process.argv.slice(2);
  if (!file) throw new Error('usage: bare-server.ts <answers.json> [workers]');
  if (cluster.isWorker) await serve(file, Number(port));
  else if (Number(workers) > 1) await servePrimary(file, Number(workers));
  else {
    const bare = await serve(file, 0);
    process.send?.(String((bare.server.address() as { port: number }).port));
  }
}
