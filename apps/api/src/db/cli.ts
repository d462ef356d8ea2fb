/**
 * Database commands: `migrate` applies the committed migrations; `seed` applies them too
 * (seeding needs the tables) and then seeds reference data. Configured like server.ts:
 * DATABASE_URL for a PostgreSQL server, otherwise PGlite under DATA_DIR/pglite. Servers running
 * on the same PostgreSQL database are told to drop their cached public reads afterwards.
 *
 *   npm run db:migrate    npm run db:seed    (or node dist/db/cli.js migrate|seed)
 */
import { pino } from 'pino';
import { databaseLocation, readProcessConfig } from '../config.js';
import { announceDataChange } from '../cache/invalidation.js';
import { openDatabaseForProcess } from './client.js';
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
  const config = readProcessConfig();
  if (!config) return 1;
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabaseForProcess(databaseLocation(config));
  if (!database) return 1;
  try {
    await database.migrate();
    log.info({ database: database.driver }, 'migrations applied');
    if (command === 'seed') {
      // The server's clock (app.ts): a fresh install's editions depend on the date.
      await seed(database.db, log, new Date(config.TEST_CLOCK_START ?? Date.now()));
      log.info('reference data seeded');
    }
    // Servers already running on this database drop what they keep of the old data.
    await announceDataChange(database);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv[2]);
