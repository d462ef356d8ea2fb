/**
 * Database commands: `migrate` applies the committed migrations; `seed` applies them too
 * (seeding needs the tables) and then seeds reference data. Configured like server.ts:
 * DATABASE_URL for a PostgreSQL server, otherwise PGlite under DATA_DIR/pglite.
 *
 *   npm run db:migrate    npm run db:seed    (or node dist/db/cli.js migrate|seed)
 */
import path from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { seed } from './seed/index.js';

const COMMANDS = ['migrate', 'seed'] as const;
type Command = (typeof COMMANDS)[number];

function isCommand(value: string | undefined): value is Command {
  return COMMANDS.some((command) => command === value);
}

async function main(command: string | undefined): Promise<number> {
  if (!isCommand(command)) {
    console.error(`Usage: cli <${COMMANDS.join('|')}>`);
    return 2;
  }
  if (process.env.NODE_ENV !== 'test') {
    try {
      process.loadEnvFile();
    } catch {
      // No .env file: the environment alone configures the command.
    }
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    log.info({ database: database.driver }, 'migrations applied');
    if (command === 'seed') {
      await seed(database.db, log);
      log.info('reference data seeded');
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv[2]);
