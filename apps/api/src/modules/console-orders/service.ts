/**
 * Console orders (issue 28 §2): an organizer gives comp passes to a guest list (speakers,
 * sponsors, press), finance enters an order paid by bank transfer, or either is made for every
 * row of an attendee file. Each attendee is their registration in the ticket's category (made
 * from what the organizer entered when the email has none); the order is placed and paid by the
 * orders module under checkout's rules (orders/console.ts) and audited with its reason in the
 * same transaction.
 */
import {
  ConsoleAttendeeSchema,
  GUEST_LIST_NAMES,
  ORDER_SOURCE_NAMES,
  type AttendeeImportFields,
  type AttendeeImportResult,
  type BankTransferOrderRequest,
  type CompOrderRequest,
  type ConsoleAttendee,
  type ConsoleOrder,
  type ImportRowError,
} from '@festival/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { DomainError, NotFoundError, NotOnSaleError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent, type Event } from '../current-edition/service.js';
import { assertEditionNotEnded } from '../editions/sales.js';
import {
  placeConsoleOrder,
  type ConsoleOrderKind,
  type OrderHooks,
  type PlacedConsoleOrder,
} from '../orders/service.js';
import { roleName } from '../reference-data/service.js';
import { getSettings, moneyRefusal, type TaxSettings } from '../settings/service.js';
import { getTicketType } from '../tickets/service.js';
import { readImportFile, type ImportFileRow } from './import-file.js';
import {
  insertOrFindRegistration,
  listPlaces,
  listTicketNames,
  lockRegistrationByEmail,
} from './repository.js';

export interface ConsoleOrderDeps {
  db: Database;
  hooks: OrderHooks;
  now(): Date;
  /** Production: no bank-transfer order while the organizer's identity (for its invoice) is incomplete. */
  production: boolean;
}

/** An attendee with their place resolved to ids. */
type PlacedAttendee = ConsoleAttendee & { countryId: number; stateId: number | null };

/** Countries and states by lower-case name, as the registration export writes them. */
interface Places {
  countryByName: Map<string, number>;
  statesOf: Map<number, Map<string, number>>;
}

async function placesIndex(db: Executor): Promise<Places> {
  const rows = await listPlaces(db);
  const statesOf = new Map(rows.countries.map((country) => [country.id, new Map<string, number>()]));
  for (const state of rows.states) statesOf.get(state.countryId)?.set(state.name.toLowerCase(), state.id);
  return {
    countryByName: new Map(rows.countries.map((country) => [country.name.toLowerCase(), country.id])),
    statesOf,
  };
}

/** The attendee's country and state ids, or field errors (`country`, `state`) in the registration form's words. */
function locate(places: Places, attendee: ConsoleAttendee): PlacedAttendee | Record<string, string> {
  const countryId = places.countryByName.get(attendee.country.toLowerCase());
  if (countryId === undefined) return { country: 'Choose a country from the list.' };
  const states = places.statesOf.get(countryId) ?? new Map<string, number>();
  if (!attendee.state) {
    return states.size > 0 ? { state: 'State is required' } : { ...attendee, countryId, stateId: null };
  }
  const stateId = states.get(attendee.state.toLowerCase());
  if (stateId === undefined) return { state: 'Choose a state of the selected country.' };
  return { ...attendee, countryId, stateId };
}

const isPlaced = (value: PlacedAttendee | Record<string, string>): value is PlacedAttendee =>
  typeof value.countryId === 'number';

/**
 * The registration of `attendee` in edition `event` and category `participantCategoryId`: the
 * one their email has, else a new one from what the organizer entered (no confirmation email:
 * the pass email follows). `now` stands for the terms, which the organizer accepts for them.
 */
async function registrationFor(
  tx: Executor,
  event: Event,
  participantCategoryId: number,
  attendee: PlacedAttendee,
  now: Date,
): Promise<string> {
  const existing = await lockRegistrationByEmail(tx, event.id, participantCategoryId, attendee.email);
  if (existing) return existing;
  return insertOrFindRegistration(tx, {
    eventId: event.id,
    participantCategoryId,
    ticketTypeId: null,
    name: attendee.name,
    email: attendee.email,
    countryCode: attendee.countryCode ?? '',
    contactNo: attendee.contactNo ?? '',
    companyName: attendee.companyName ?? null,
    city: attendee.city,
    countryId: attendee.countryId,
    stateId: attendee.stateId,
    pincode: attendee.pincode ?? null,
    termsAcceptedAt: now,
    createdAt: now,
  });
}

interface OrderToPlace {
  event: Event;
  settings: TaxSettings;
  ticketTypeId: number;
  attendees: PlacedAttendee[];
  kind: ConsoleOrderKind;
  reason: string;
  /** The import's row, when the order comes from a file. */
  importRow?: number;
}

/** Places one console order in `tx` and audits it (`order.comp` / `order.bank_transfer`). */
async function placeAndAudit(
  tx: Executor,
  deps: ConsoleOrderDeps,
  actor: Actor,
  order: OrderToPlace,
  now: Date,
): Promise<PlacedConsoleOrder> {
  const ticketType = await getTicketType(tx, order.event.id, order.ticketTypeId);
  if (!ticketType || ticketType.archivedAt !== null) {
    throw new NotFoundError('Unknown ticket. Please choose one from the list.');
  }
  const registrationIds: string[] = [];
  for (const attendee of order.attendees) {
    registrationIds.push(
      await registrationFor(tx, order.event, ticketType.participantCategoryId, attendee, now),
    );
  }
  const placed = await placeConsoleOrder(
    tx,
    { hooks: deps.hooks, settings: order.settings, now },
    { event: order.event, ticketTypeId: order.ticketTypeId, registrationIds, kind: order.kind },
  );
  await recordAudit(tx, actor, {
    at: now,
    action: order.kind.source === 'comp' ? 'order.comp' : 'order.bank_transfer',
    entityType: 'order',
    entityId: placed.reference,
    before: null,
    after: {
      reference: placed.reference,
      source: order.kind.source,
      ...(order.kind.source === 'comp'
        ? { guestList: order.kind.guestList }
        : { bankReference: order.kind.bankReference }),
      reason: order.reason,
      ticket: placed.ticketName,
      quantity: placed.quantity,
      amount: placed.amount,
      attendees: order.attendees.map((attendee) => attendee.email),
      ...(order.importRow === undefined ? {} : { importRow: order.importRow }),
    },
  });
  return placed;
}

/**
 * The current edition and its settings, once it may take a console order of `source`: not
 * ended, and for a bank transfer (which gets a tax invoice) the organizer's identity complete
 * in production.
 * @throws SalesEndedError the edition has ended (409)
 * @throws NotOnSaleError production without the organizer's identity, for a bank transfer (409)
 */
async function editionFor(deps: ConsoleOrderDeps, source: ConsoleOrderKind['source'], now: Date) {
  const event = await getCurrentEvent(deps.db);
  assertEditionNotEnded(event, now);
  const settings = await getSettings(deps.db, event.id);
  const refusal = source === 'bank_transfer' ? moneyRefusal(settings, deps.production) : null;
  if (refusal) throw new NotOnSaleError(refusal, undefined, 'ORGANIZER_DETAILS_MISSING');
  return { event, settings };
}

/**
 * Places a comp order or a bank-transfer order from the console form: the attendees' places
 * resolved (field errors `attendees.<i>.country` / `.state`), then one transaction that makes
 * their registrations, places and pays the order (orders/console.ts) and audits it with the
 * reason.
 * @throws ValidationError a place that does not resolve, an attendee listed twice, a ticket not
 *   sold to the category (400)
 * @throws NotFoundError unknown ticket type (404)
 * @throws PassAlreadyIssuedError / SoldOutError / NotOnSaleError / SalesEndedError (409)
 */
export async function createConsoleOrder(
  deps: ConsoleOrderDeps,
  actor: Actor,
  request: CompOrderRequest | BankTransferOrderRequest,
): Promise<ConsoleOrder> {
  const now = deps.now();
  const kind: ConsoleOrderKind =
    'guestList' in request
      ? { source: 'comp', guestList: request.guestList }
      : { source: 'bank_transfer', bankReference: request.bankReference };
  const { event, settings } = await editionFor(deps, kind.source, now);
  const places = await placesIndex(deps.db);
  const errors: Record<string, string> = {};
  const attendees: PlacedAttendee[] = [];
  request.attendees.forEach((attendee, index) => {
    const located = locate(places, attendee);
    if (isPlaced(located)) attendees.push(located);
    else
      for (const [field, message] of Object.entries(located)) errors[`attendees.${index}.${field}`] = message;
  });
  if (Object.keys(errors).length > 0)
    throw new ValidationError('Please correct the highlighted fields.', errors);

  const placed = await deps.db.transaction((tx) =>
    placeAndAudit(
      tx,
      deps,
      actor,
      { event, settings, ticketTypeId: request.ticketTypeId, attendees, kind, reason: request.reason },
      now,
    ),
  );
  return {
    reference: placed.reference,
    source: kind.source,
    amount: placed.amount,
    attendees: attendees.length,
  };
}

/** The import's columns for the attendee fields, to name the column of a message. */
const COLUMN_OF_FIELD: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  countryCode: 'Phone',
  contactNo: 'Phone',
  companyName: 'Company',
  city: 'City',
  country: 'Country',
  state: 'State',
  pincode: 'PIN code',
  ticketTypeId: 'Ticket',
};

/** "+91 98765 43210" → the form's country code and number; a number alone is taken as Indian. */
function phoneOfCell(phone: string): { countryCode?: string; contactNo?: string } {
  const split = /^(\+\d{1,4})[\s-]+(.+)$/.exec(phone);
  if (split) return { countryCode: split[1], contactNo: split[2] };
  return phone ? { countryCode: '+91', contactNo: phone } : {};
}

/** A row checked on its own: the attendee and ticket it names, or its errors. */
type CheckedRow =
  | { row: number; ok: true; attendee: PlacedAttendee; ticketTypeId: number; ticket: string }
  | { row: number; ok: false; errors: ImportRowError[]; name: string; email: string; ticket: string };

function checkRow(
  { row, cells }: ImportFileRow,
  places: Places,
  tickets: Map<string, { id: number; name: string; participantCategoryId: number }>,
): CheckedRow {
  const cell = (header: string) => cells.get(header) ?? '';
  const errors: ImportRowError[] = [];
  const add = (column: string | null, message: string) => {
    if (!errors.some((error) => error.column === column)) errors.push({ row, column, message });
  };
  const parsed = ConsoleAttendeeSchema.safeParse({
    name: cell('Name'),
    email: cell('Email'),
    ...phoneOfCell(cell('Phone')),
    companyName: cell('Company'),
    city: cell('City'),
    country: cell('Country'),
    state: cell('State'),
    pincode: cell('PIN code'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(COLUMN_OF_FIELD[String(issue.path[0])] ?? null, issue.message);
  }
  const ticket = tickets.get(cell('Ticket').toLowerCase());
  if (!cell('Ticket')) add('Ticket', 'Choose a ticket');
  else if (!ticket) add('Ticket', `No ticket of this edition is called “${cell('Ticket')}”`);
  else if (
    cell('Role') &&
    cell('Role').toLowerCase() !== roleName(ticket.participantCategoryId).toLowerCase()
  ) {
    add('Role', `${ticket.name} is not sold to ${cell('Role')} attendees`);
  }
  const located = parsed.success ? locate(places, parsed.data) : undefined;
  if (located && !isPlaced(located)) {
    for (const [field, message] of Object.entries(located)) add(COLUMN_OF_FIELD[field] ?? null, message);
  }
  if (errors.length > 0 || !ticket || !located || !isPlaced(located)) {
    return { row, ok: false, errors, name: cell('Name'), email: cell('Email'), ticket: cell('Ticket') };
  }
  return { row, ok: true, attendee: located, ticketTypeId: ticket.id, ticket: ticket.name };
}

/** Thrown inside the import's transaction to roll it back with the preview as its answer. */
class RolledBack extends Error {
  constructor(readonly result: AttendeeImportResult) {
    super('import rolled back');
  }
}

/**
 * Imports attendees from a CSV or XLSX file with the registration export's columns: one order
 * per row (`fields.kind`: comps on a guest list, or bank transfers under one UTR), all with the
 * same reason. Every row is checked on its own (the shared schema's messages, with its column),
 * then every valid row is placed in one transaction, each in a savepoint so a row the database
 * refuses (sold out, a pass already held) becomes that row's error while the others go on: the
 * preview shows what the commit would do, capacity counted across the file. The transaction is
 * committed only when `commit` is asked and no row has an error; otherwise it is rolled back
 * (all rows or none). An audit row per order, and one for the import.
 * @throws ValidationError the file is not a readable CSV or XLSX with the export's columns,
 *   has no rows or too many (400)
 * @throws SalesEndedError / NotOnSaleError as for one console order (409)
 */
export async function importAttendees(
  deps: ConsoleOrderDeps,
  actor: Actor,
  file: Buffer,
  fields: AttendeeImportFields,
): Promise<AttendeeImportResult> {
  const now = deps.now();
  const kind: ConsoleOrderKind =
    fields.kind === 'comp'
      ? { source: 'comp', guestList: fields.guestList }
      : { source: 'bank_transfer', bankReference: fields.bankReference };
  const { event, settings } = await editionFor(deps, kind.source, now);
  const fileRows = await readImportFile(file);
  const places = await placesIndex(deps.db);
  const tickets = new Map(
    (await listTicketNames(deps.db, event.id)).map((ticket) => [ticket.name.toLowerCase(), ticket]),
  );
  const checked = fileRows.map((row) => checkRow(row, places, tickets));
  const commit = fields.commit === 'true';

  const run = async (tx: Transaction): Promise<AttendeeImportResult> => {
    const result: AttendeeImportResult = { committed: false, rows: [], errors: [], total: 0, references: [] };
    for (const row of checked) {
      if (!row.ok) {
        result.rows.push({
          row: row.row,
          name: row.name,
          email: row.email,
          ticket: row.ticket,
          amount: null,
        });
        result.errors.push(...row.errors);
        continue;
      }
      const order = { event, settings, ticketTypeId: row.ticketTypeId, attendees: [row.attendee], kind };
      try {
        const placed = await tx.transaction((savepoint) =>
          placeAndAudit(savepoint, deps, actor, { ...order, reason: fields.reason, importRow: row.row }, now),
        );
        result.rows.push({ ...rowOf(row), amount: placed.amount });
        result.total += placed.amount;
        result.references.push(placed.reference);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result.rows.push({ ...rowOf(row), amount: null });
        const column = error instanceof ValidationError && error.fieldErrors?.ticketTypeId ? 'Ticket' : null;
        result.errors.push({ row: row.row, column, message: error.message });
      }
    }
    if (!commit || result.errors.length > 0) throw new RolledBack({ ...result, references: [] });
    await recordAudit(tx, actor, {
      at: now,
      action: 'import.attendees',
      entityType: 'import',
      entityId: 'attendees',
      before: null,
      after: {
        source: ORDER_SOURCE_NAMES[kind.source],
        ...(kind.source === 'comp'
          ? { guestList: GUEST_LIST_NAMES[kind.guestList] }
          : { bankReference: kind.bankReference }),
        reason: fields.reason,
        rows: result.rows.length,
        total: result.total,
        orders: result.references,
      },
    });
    return { ...result, committed: true };
  };
  try {
    return await deps.db.transaction(run);
  } catch (error) {
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}

const rowOf = (row: Extract<CheckedRow, { ok: true }>) => ({
  row: row.row,
  name: row.attendee.name,
  email: row.attendee.email,
  ticket: row.ticket,
});
