/**
 * The organizer's settings: supplier details for tax invoices, GST-inclusive
 * prices, the state where the festival is held, public contact details, and
 * the most seats unpaid orders may hold per buyer email and per client address.
 * Until an organizer saves them the defaults below apply: a Gujarat festival whose prices
 * include GST (what every price shown before these settings meant), no GSTIN, so no tax invoice.
 */
import {
  IDENTITY_INCOMPLETE_MESSAGE,
  DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS,
  DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL,
  type PublicSettings,
  type Settings,
  type UpdateSettings,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { readMostly } from '../../db/read-mostly.js';
import * as repository from './repository.js';

/** The settings tax and invoices read: the stored row or the defaults. */
export interface TaxSettings {
  legalName: string;
  address: string;
  stateCode: string;
  gstin: string | null;
  pricesIncludeGst: boolean;
  eventStateCode: string;
  publicEmail: string | null;
  publicPhone: string | null;
  /** Most seats pending orders may hold at once for one buyer email (shared DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL). */
  maxUnpaidSeatsPerEmail: number;
  /** Most seats pending orders may hold at once for one client address. */
  maxUnpaidSeatsPerAddress: number;
  updatedAt: Date | null;
}

export const DEFAULT_SETTINGS: TaxSettings = {
  legalName: '',
  address: '',
  stateCode: '24',
  gstin: null,
  pricesIncludeGst: true,
  eventStateCode: '24',
  publicEmail: null,
  publicPhone: null,
  maxUnpaidSeatsPerEmail: DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL,
  maxUnpaidSeatsPerAddress: DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS,
  updatedAt: null,
};

/**
 * The settings in force (defaults until saved), kept in process between organizers' changes
 * when `db` is the app's handle (db/read-mostly.ts); a transaction reads them afresh.
 */
export function getSettings(db: Executor): Promise<TaxSettings> {
  return readMostly(db, 'settings', async () => (await repository.findSettings(db)) ?? DEFAULT_SETTINGS);
}

function toSettings(row: TaxSettings): Settings {
  return {
    legalName: row.legalName,
    address: row.address,
    stateCode: row.stateCode,
    gstin: row.gstin,
    pricesIncludeGst: row.pricesIncludeGst,
    eventStateCode: row.eventStateCode,
    publicEmail: row.publicEmail,
    publicPhone: row.publicPhone,
    maxUnpaidSeatsPerEmail: row.maxUnpaidSeatsPerEmail,
    maxUnpaidSeatsPerAddress: row.maxUnpaidSeatsPerAddress,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The settings as the console shows them. */
export async function getSettingsForConsole(db: Executor): Promise<Settings> {
  return toSettings(await getSettings(db));
}

/** What any visitor may read: the name, whether prices include GST, the public contact details. */
export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const settings = await getSettings(db);
  return {
    legalName: settings.legalName,
    pricesIncludeGst: settings.pricesIncludeGst,
    publicEmail: settings.publicEmail,
    publicPhone: settings.publicPhone,
  };
}

/**
 * Saves every setting under the row's lock (a seat limit left out keeps its saved value, or
 * the default); audited with before and after.
 */
export async function updateSettings(
  db: Database,
  actor: Actor,
  input: UpdateSettings,
  now: Date,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await repository.findSettings(tx, true);
    const after = await repository.saveSettings(tx, { ...input, updatedAt: now });
    const { updatedAt: _before, ...beforeFields } = toSettings(before ?? DEFAULT_SETTINGS);
    const { updatedAt: _after, ...afterFields } = toSettings(after);
    await recordAudit(tx, actor, {
      at: now,
      action: 'settings.update',
      entityType: 'settings',
      entityId: 1,
      before: before ? beforeFields : null,
      after: afterFields,
    });
    return toSettings(after);
  });
}

/** The parts of the organizer's identity buyers see (Contact, the footer, invoices, passes), by label. */
const IDENTITY_FIELDS = [
  ['legalName', 'legal name'],
  ['address', 'address'],
  ['publicEmail', 'contact email'],
  ['publicPhone', 'contact phone'],
] as const satisfies readonly (readonly [keyof TaxSettings, string])[];

/** The identity fields still empty, by label ('legal name', 'contact phone'…). */
export function missingIdentity(settings: TaxSettings): string[] {
  return IDENTITY_FIELDS.filter(([field]) => !settings[field]).map(([, label]) => label);
}

/**
 * Whether checkout may take money under `settings`: not in production while the organizer's
 * identity is incomplete. Returns the buyer-facing reason when it may not.
 */
export function moneyRefusal(settings: TaxSettings, production: boolean): string | null {
  return production && missingIdentity(settings).length > 0 ? IDENTITY_INCOMPLETE_MESSAGE : null;
}
