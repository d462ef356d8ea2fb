/**
 * `npm run bench:messages`: a message to 2,000 attendees sent through the job queue to a local
 * SMTP server (messages.ts), faster to repeat than the whole `npm run bench`. Embedded PGlite
 * in a temporary directory by default; with DATABASE_URL, a fresh database on that server.
 *
 * Options (environment): BENCH_RECIPIENTS (default 2,000).
 */
import os from 'node:os';
import { benchMessages, printMessages } from './messages.js';

console.log(`Node ${process.version}, ${os.cpus().length} cores shared by app, database and SMTP server\n`);
printMessages(await benchMessages(Number(process.env.BENCH_RECIPIENTS ?? 2_000)));
