/**
 * The organizer's settings: supplier details for tax invoices, GST-inclusive
 * prices, the state where the festival is held, public contact details, and
 * the most seats unpaid orders may hold per buyer email and per client address.
 *
 * Kept per edition (decision 025): an edition reads its own row, or else the row of the latest
 * edition that starts before it, so a new edition starts from the last one's settings without
 * anyone typing them again, and saving in the console writes the current edition's row only
 * (the orders and invoices of earlier editions keep theirs). Until an organizer saves any, the
 * defaults below apply: a Gujarat festival whose prices include GST (what every price shown
 * before these settings meant), no GSTIN, so no tax invoice.
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
import { getCurrentEvent } from '../current-edition/service.js';
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

/** The settings in force for an edition, by its id (the defaults for an unknown one). */
export type EditionSettings = (eventId: number) => TaxSettings;

/**
 * The settings in force for every edition: its own row, else the latest row of an edition that
 * starts before it, else the defaults. Kept in process between organizers' changes when `db` is
 * the app's handle (db/read-mostly.ts); a transaction reads them afresh.
 */
export function getEditionSettings(db: Executor): Promise<EditionSettings> {
  return readMostly(db, 'settings', async () => {
    const inForce = new Map<number, TaxSettings>();
    let latest = DEFAULT_SETTINGS;
    for (const { eventId, row } of await repository.listEditionSettings(db)) {
      if (row) {
        const { eventId: _own, ...settings } = row;
        latest = settings;
      }
      inForce.set(eventId, latest);
    }
    return (eventId: number) => inForce.get(eventId) ?? DEFAULT_SETTINGS;
  });
}

/** The settings in force for edition `eventId` (see `getEditionSettings`). */
export async function getSettings(db: Executor, eventId: number): Promise<TaxSettings> {
  return (await getEditionSettings(db))(eventId);
}

/** The settings in force for the current edition. */
export async function getCurrentSettings(db: Executor): Promise<TaxSettings> {
  return getSettings(db, (await getCurrentEvent(db)).id);
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

/** The current edition's settings as the console shows them (inherited ones until saved for it). */
export async function getSettingsForConsole(db: Executor): Promise<Settings> {
  return toSettings(await getCurrentSettings(db));
}

/**
 * What any visitor may read of the current edition's settings: the name, whether prices
 * include GST, the public contact details.
 */
export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const settings = await getCurrentSettings(db);
  return {
    legalName: settings.legalName,
    pricesIncludeGst: settings.pricesIncludeGst,
    publicEmail: settings.publicEmail,
    publicPhone: settings.publicPhone,
  };
}

/**
 * Saves every setting as the current edition's own row, under its lock (a seat limit left out
 * keeps the value in force, or the default); audited with the settings in force before (null
 * while the defaults applied) and after. Other editions' rows are left as they are.
 */
export async function updateSettings(
  db: Database,
  actor: Actor,
  input: UpdateSettings,
  now: Date,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    // Locks the edition's own row, when it has one, so saves in parallel audit one after the other.
    await repository.findSettings(tx, event.id, true);
    const before = await getSettings(tx, event.id);
    const after = await repository.saveSettings(tx, {
      maxUnpaidSeatsPerEmail: before.maxUnpaidSeatsPerEmail,
      maxUnpaidSeatsPerAddress: before.maxUnpaidSeatsPerAddress,
      ...input,
      eventId: event.id,
      updatedAt: now,
    });
    const { updatedAt: _before, ...beforeFields } = toSettings(before);
    const { updatedAt: _after, ...afterFields } = toSettings(after);
    await recordAudit(tx, actor, {
      at: now,
      action: 'settings.update',
      entityType: 'settings',
      entityId: event.id,
      before: before.updatedAt === null ? null : beforeFields,
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
