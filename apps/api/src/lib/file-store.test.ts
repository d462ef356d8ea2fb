import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, InvalidFileKeyError, isValidKey, type FileStore } from './file-store.js';

describe('file keys', () => {
  it('are <area>/<plain segments> in one of the two areas', () => {
    expect(isValidKey('uploads/2024/10/0b9e.png')).toBe(true);
    expect(isValidKey('content-images/2024/10/0b9e.jpg')).toBe(true);
    for (const key of [
      'uploads',
      'uploads/',
      'outbox/x.eml',
      'uploads/../pglite/PG_VERSION',
      'uploads/2024/./x.png',
      'uploads//x.png',
      '/uploads/x.png',
      'uploads/2024\\..\\..\\x',
    ]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });
});

describe('the local directory', () => {
  let root: string;
  let files: FileStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'festival-files-'));
    files = createLocalFileStore(root);
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('keeps key <area>/<name> at DATA_DIR/<area>/<name>, as earlier versions did', async () => {
    await files.put('uploads/2024/10/a.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await readFile(path.join(root, 'uploads', '2024', '10', 'a.pdf'), 'utf8')).toBe('%PDF-1.4');
    await files.put('content-images/2024/10/b.png', Readable.from([Buffer.from('png')]), 'image/png');
    expect(await readdir(path.join(root, 'content-images', '2024', '10'))).toEqual(['b.png']);

    // A file an earlier version stored is found under its key.
    await writeFile(path.join(root, 'uploads', '2024', '10', 'old.png'), 'old');
    const stored = await files.get('uploads/2024/10/old.png');
    expect(stored?.size).toBe(3);
    expect(await text(stored!.stream)).toBe('old');
  });

  it('answers null for a missing file, a folder or a key that names nothing, and deletes quietly', async () => {
    await writeFile(path.join(root, 'secret'), 'x');
    expect(await files.get('uploads/2024/10/none.png')).toBeNull();
    await files.put('uploads/2024/10/a.png', Buffer.from('a'), 'image/png');
    expect(await files.get('uploads/2024/10')).toBeNull();
    expect(await files.get('uploads/../secret')).toBeNull();
    await expect(files.put('uploads/../secret', Buffer.from('y'), 'text/plain')).rejects.toThrow(
      InvalidFileKeyError,
    );
    await files.delete('uploads/../secret');
    expect(await readFile(path.join(root, 'secret'), 'utf8')).toBe('x');
    await files.delete('uploads/2024/10/a.png');
    await files.delete('uploads/2024/10/a.png');
    expect(await files.get('uploads/2024/10/a.png')).toBeNull();
  });
});
