/**
 * Production entry: reads configuration, opens the database, applies migrations, seeds
 * reference data, builds the app and listens. SIGTERM/SIGINT close the server gracefully:
 * requests in flight finish (up to SHUTDOWN_GRACE_SECONDS), then the database closes.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed/index.js';

function readConfig(): Config {
  try {
    if (process.env.NODE_ENV !== 'test') {
      try {
        process.loadEnvFile();
      } catch {
        // No .env file: the environment alone configures the server.
      }
    }
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dir: path.join(config.dataDir, 'pglite') },
);
await database.migrate();
const app = await buildApp({ config, database });
await seed(app.db, app.log);

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
