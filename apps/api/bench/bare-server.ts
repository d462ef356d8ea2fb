/**
 * The bare Fastify of the public-reads bench (public-reads.ts) as a process of its own, for the
 * comparison with the built server, which runs in its own processes too: answers the routes of
 * a JSON file (`{ [url]: { body: base64, headers } }`, the app's bytes and headers) from
 * memory and tells the parent its port over IPC. Started by `startBareProcess`.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';

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
 * answering `answers`, written to `file`. Returns its origin and a function that stops it.
 */
export async function startBareProcess(
  answers: Map<string, BareAnswer>,
  file: string,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const serialised = Object.fromEntries(
    [...answers].map(([url, { body, headers }]) => [url, { body: body.toString('base64'), headers }]),
  );
  await writeFile(file, JSON.stringify(serialised));
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code} before listening`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(file: string): Promise<void> {
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
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  process.send?.(new URL(address).port);
  process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bare-server.ts <answers.json>');
  await serve(file);
}
