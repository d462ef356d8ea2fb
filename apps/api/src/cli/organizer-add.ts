/**
 * Adds an organizer (there is no default account):
 *
 *   npm run organizer:add -- --email asha@example.org --name "Asha Patel" --role owner
 *
 * The password comes from ORGANIZER_PASSWORD, or is asked for at the terminal without echo.
 * It must meet the organizer password rules (modules/organizers/password-policy.ts). The first
 * organizer's password is their own; any later one's is temporary, since whoever runs the
 * command chose it: that organizer must choose their own at first sign-in. Prints
 * the console's sign-in URL. Configured like server.ts (DATABASE_URL, or PGlite under
 * DATA_DIR/pglite); applies pending migrations first, so it works before the first start.
 * Exit codes: 0 added, 1 refused (bad input, email taken, bad configuration), 2 usage.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import password from '@inquirer/password';
import { ORGANIZER_ROLES, OrganizerCreateSchema } from '@festival/shared';
import { databaseLocation, readProcessConfig } from '../config.js';
import { openDatabaseForProcess } from '../db/client.js';
import { DomainError } from '../errors.js';
import { createOrganizer, hasNoOrganizer } from '../modules/organizers/service.js';

const USAGE = `Usage: npm run organizer:add -- --email E --name "N" --role ${ORGANIZER_ROLES.join('|')}
The password is read from ORGANIZER_PASSWORD, or asked for at the terminal. Except for the first
organizer, it is temporary: they choose their own at first sign-in.`;

/** ORGANIZER_PASSWORD, or what the operator types at the terminal (not echoed). */
async function readPassword(): Promise<string | undefined> {
  const fromEnv = process.env.ORGANIZER_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return undefined;
  const first = await password({ message: 'Password (at least 12 characters):', mask: false });
  const again = await password({ message: 'The same password again:', mask: false });
  if (first !== again) throw new Error('The two passwords differ.');
  return first;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email || !values.name || !values.role) {
    console.error(USAGE);
    return 2;
  }
  const config = readProcessConfig();
  if (!config) return 1;
  const secret = await readPassword();
  if (!secret) {
    console.error('Set ORGANIZER_PASSWORD, or run the command at a terminal to type the password.');
    return 1;
  }
  const input = OrganizerCreateSchema.safeParse({ ...values, password: secret });
  if (!input.success) {
    for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    return 1;
  }
  const database = await openDatabaseForProcess(databaseLocation(config));
  if (!database) return 1;
  try {
    await database.migrate();
    // The command line has no organizer and no client address; the audit row says where it came from.
    const cli = { organizerId: 'cli', email: `cli@${os.hostname()}`, ip: 'local' };
    const temporaryPassword = !(await hasNoOrganizer(database.db));
    const organizer = await createOrganizer(database.db, input.data, cli, new Date(), { temporaryPassword });
    console.log(`Added ${organizer.role} ${organizer.name} <${organizer.email}>.`);
    if (temporaryPassword) console.log('They choose their own password when they first sign in.');
    console.log(`Sign in at ${config.publicUrl}/admin`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
