/**
 * Drizzle tables. Money columns are integer paise,
 * timestamps are `timestamptz` (UTC instants). Migrations in `../../drizzle` are generated
 * from these files with `npm run db:generate` and committed.
 */
export * from './schema/editions.js';
export * from './schema/reference-data.js';
export * from './schema/tickets.js';
export * from './schema/registrations.js';
export * from './schema/vouchers.js';
export * from './schema/orders.js';
export * from './schema/contact.js';
export * from './schema/content.js';
export * from './schema/voting.js';
export * from './schema/audit.js';
export * from './schema/organizers.js';
export * from './schema/self-service.js';
export * from './schema/settings.js';
export * from './schema/tax.js';
export * from './schema/checkin.js';
export * from './schema/waiting-list.js';
export * from './schema/registration-alerts.js';
export * from './schema/messages.js';
export * from './schema/registration-questions.js';
export * from './schema/order-changes.js';
