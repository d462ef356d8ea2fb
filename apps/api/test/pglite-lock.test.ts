/**
 * A PGlite directory belongs to one process (db/client.ts): a second opener, such as
 * `npm run organizer:add` beside a running server, is refused in words instead of writing
 * pages the server never reads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from '../src/db/client.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('PGlite directory lock', () => {
  it('refuses a second opener while the first holds the database, and lets it in after close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'festival-lock-'));
    dirs.push(dir);
    const first = await openDatabase({ dir });
    const second = await openDatabase({ dir }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DatabaseInUseError);
    expect((second as Error).message).toMatch(/open in another process.*stop the server/s);

    await first.close();
    const third = await openDatabase({ dir });
    await third.close();
  }, 120_000);
});
