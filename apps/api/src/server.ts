/**
 * Production entry: reads configuration, opens the database, applies migrations, seeds
 * reference data, builds the app and listens. SIGTERM/SIGINT close the server gracefully:
 * requests in flight finish (up to SHUTDOWN_GRACE_SECONDS), then the database closes.
 *
 * With WEB_CONCURRENCY > 1 on PostgreSQL this process becomes the primary of a node:cluster
 * (cluster.ts) and each of its workers runs this file again as a whole server. Migrations and
 * seeding take an advisory lock, so the workers start together safely. PGlite allows one
 * process, so there WEB_CONCURRENCY is ignored with a warning (configWarnings).
 */
import cluster from 'node:cluster';
import os from 'node:os';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import {
  configWarnings,
  databaseLocation,
  memoryWarnings,
  readProcessConfig,
  type Config,
} from './config.js';
import { openDatabaseForProcess } from './db/client.js';
import { seed } from './db/seed/index.js';
import { hasNoOrganizer } from './modules/organizers/service.js';

function readConfig(): Config {
  return readProcessConfig() ?? process.exit(1);
}

async function serve(config: Config) {
  const database = (await openDatabaseForProcess(databaseLocation(config))) ?? process.exit(1);
  await database.migrate();
  const app = await buildApp({ config, database });
  await seed(app.db, app.log, app.now());
  // A cluster's primary has logged these already, once.
  if (cluster.isPrimary) for (const warning of configWarnings(config)) app.log.warn(warning);
  if (cluster.isPrimary) {
    const machine = { totalBytes: os.totalmem(), execArgv: process.execArgv };
    for (const warning of memoryWarnings(config, machine)) app.log.warn(warning);
  }

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_SECONDS * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.driver,
      payments: config.paymentProvider,
      mail: config.SMTP_URL ? 'smtp' : 'outbox',
    },
    'Startup Fest Gujarat is ready',
  );
  // No default account exists: say how to add the first.
  if (await hasNoOrganizer(app.db)) {
    app.log.warn(
      'No organizer can sign in yet. Add the first owner with: ' +
        'npm run organizer:add -- --email <your email> --name "Your Name" --role owner' +
        (database.driver === 'pglite' ? ' (stop this server first: PGlite allows one process)' : ''),
    );
  }
}

const config = readConfig();
if (cluster.isPrimary && config.WEB_CONCURRENCY > 1 && config.DATABASE_URL) {
  const log = pino({ level: config.LOG_LEVEL });
  for (const warning of configWarnings(config)) log.warn(warning);
  runPrimary({
    workers: config.WEB_CONCURRENCY,
    // The workers' own grace period, plus time to close the database and exit.
    shutdownMs: (config.SHUTDOWN_GRACE_SECONDS + 5) * 1000,
    log,
  });
} else {
  await serve(config);
}
