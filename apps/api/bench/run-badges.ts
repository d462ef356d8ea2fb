/**
 * `npm run bench:badges`: printing a check-in list of 2,000 passes as badges (A6, label sheet)
 * and as passes (badges.ts), alone: faster to repeat than the whole `npm run bench`. Embedded
 * PGlite in a temporary directory by default; with DATABASE_URL, a fresh database on that server.
 */
import { openBenchApp } from './bench-app.js';
import { benchBadges, printBadges } from './badges.js';

const { app, label, close } = await openBenchApp();
try {
  console.log(`Database: ${label}, Node ${process.version}\n`);
  printBadges(await benchBadges(app));
} finally {
  await close();
}
