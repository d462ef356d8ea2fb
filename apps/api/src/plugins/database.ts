/**
 * The database as a named plugin: `app.db` (Drizzle, PGlite or PostgreSQL) and
 * `app.database`, the handle that owns the connection. The handle is opened, migrated and
 * closed by its owner (server.ts, the test helper), not here.
 */
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export default fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);
