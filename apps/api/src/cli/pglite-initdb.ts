/**
 * Build step (`npm run build`, after tsup): writes dist/pglite-initdb.tar.gz, a PGlite data
 * directory just after initdb, which a first start loads instead of running initdb
 * (db/initdb-snapshot.ts). Run from the bundle, so the file lands beside it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { INITDB_SNAPSHOT_FILE } from '../db/initdb-snapshot.js';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', INITDB_SNAPSHOT_FILE);
const database = await PGlite.create();
const snapshot = await database.dumpDataDir('gzip');
await database.close();
await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
console.log(`PGlite initdb snapshot written: ${path.relative(process.cwd(), file)}`);
