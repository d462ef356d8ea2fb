/**
 * Keys that hold an edition together (migration 0028): the ticket types a voucher prices and a
 * check-in list admits are join rows whose composite foreign keys keep them in the voucher's or
 * list's edition, so even a direct insert cannot mix editions, and the API answers as before
 * with `ticketTypeIds: number[]` and its own messages. The organizer's settings are one row per
 * edition (decision 025): a new edition starts from the last one's without retyping, and an
 * order of the earlier edition is still invoiced with that edition's details. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set (CI).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckinListSchema,
  CheckoutResponseSchema,
  ErrorResponseSchema,
  SettingsSchema,
  VoucherSchema,
  type CreateEditionInput,
  type OrganizerRole,
} from '@festival/shared';
import { z } from 'zod';
import { rowsOf } from '../src/db/search.js';
import {
  checkinListTicketTypes,
  events,
  orders,
  organizerSettings,
  taxDocuments,
  ticketTypes,
  voucherTicketTypes,
  vouchers,
} from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { build, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const as = (role: OrganizerRole) => headersOf(signedIn, role);
const clock = new Date('2024-09-15T06:00:00Z');
let currentEventId: number;
/** A ticket type of the current edition, and one of another edition. */
let ownType: number;
let otherType: number;
let otherEventId: number;

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
  currentEventId = (await getCurrentEvent(t.app.db)).id;
  ownType = await insertTicketType(t.app.db);
  const [other] = await t.app.db
    .insert(events)
    .values({
      slug: `other-${randomUUID().slice(0, 8)}`,
      name: 'Another edition',
      venue: 'Elsewhere',
      venueMapUrl: 'https://maps.example/elsewhere',
      startsAt: new Date('2030-01-10T04:30:00Z'),
      endsAt: new Date('2030-01-11T13:30:00Z'),
      referencePrefix: 'OTH30',
      invoicePrefix: 'OTH',
    })
    .returning({ id: events.id });
  otherEventId = other!.id;
  const [type] = await t.app.db
    .insert(ticketTypes)
    .values({
      eventId: otherEventId,
      participantCategoryId: 3,
      name: 'Other pass',
      amount: 50_000,
      capacity: 5,
    })
    .returning({ id: ticketTypes.id });
  otherType = type!.id;
});
afterAll(async () => t?.close());

/** The SQLSTATE and constraint of a failed statement; Drizzle wraps the driver's error in `cause`. */
async function failureOf(statement: Promise<unknown>): Promise<{ code: unknown; constraint: unknown }> {
  let current: unknown = await statement.then(
    () => undefined,
    (error: unknown) => error,
  );
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string') return { code, constraint };
    current = cause;
  }
  throw new Error('the statement did not fail');
}

const FOREIGN_KEY_VIOLATION = '23503';

async function insertVoucher(eventId: number) {
  const [row] = await t.app.db
    .insert(vouchers)
    .values({ eventId, code: `KEY${randomUUID().slice(0, 6)}`, priceMode: 'comp', value: 0, maxUses: 1 })
    .returning({ id: vouchers.id });
  return row!.id;
}

const voucherBody = (ticketTypeIds: number[], code: string) => ({
  kind: 'single',
  code,
  ticketTypeIds,
  priceMode: 'subtract',
  value: 10_000,
  maxUses: 5,
  reservedSeats: 0,
  validFrom: null,
  validUntil: null,
});

const listBody = (ticketTypeIds: number[]) => ({
  name: `Gate ${randomUUID().slice(0, 4)}`,
  ticketTypeIds,
  days: [1],
  allowExit: false,
  allowReentry: false,
});

describe('voucher_ticket_types_same_edition_fk', () => {
  it("refuses even a direct insert naming another edition's ticket type", async () => {
    const voucherId = await insertVoucher(currentEventId);
    // Carrying the ticket type's edition fails the voucher's key; carrying the voucher's, the type's.
    expect(
      await failureOf(
        t.app.db
          .insert(voucherTicketTypes)
          .values({ voucherId, ticketTypeId: otherType, eventId: currentEventId }),
      ),
    ).toEqual({ code: FOREIGN_KEY_VIOLATION, constraint: 'voucher_ticket_types_same_edition_fk' });
    expect(
      await failureOf(
        t.app.db
          .insert(voucherTicketTypes)
          .values({ voucherId, ticketTypeId: otherType, eventId: otherEventId }),
      ),
    ).toEqual({ code: FOREIGN_KEY_VIOLATION, constraint: 'voucher_ticket_types_voucher_fk' });
    await t.app.db
      .insert(voucherTicketTypes)
      .values({ voucherId, ticketTypeId: ownType, eventId: currentEventId });
  });

  it('the API answers as before: its own message for another edition, ticketTypeIds in and ticket types out', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vouchers',
      headers: as('manager'),
      payload: voucherBody([ownType, otherType], 'MIXEDKEYS'),
    });
    expect(refused.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(refused.json()).errors).toEqual({
      ticketTypeIds: 'Choose ticket types of the current edition',
    });

    const secondType = await insertTicketType(t.app.db, { name: 'Second key pass' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vouchers',
      headers: as('manager'),
      payload: voucherBody([secondType, ownType], 'OWNKEYS'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/vouchers', headers: as('finance') });
    const voucher = z
      .object({ data: z.object({ items: z.array(VoucherSchema) }) })
      .parse(listed.json())
      .data.items.find((row) => row.code === 'OWNKEYS');
    expect(voucher?.ticketTypes.map((type) => type.id)).toEqual([ownType, secondType].sort((a, b) => a - b));
    expect(voucher?.ticketTypes.find((type) => type.id === secondType)?.name).toBe('Second key pass');
  });

  it('deleting a voucher removes its rows; a ticket type a voucher names is archived, not deleted', async () => {
    const voucherId = await insertVoucher(currentEventId);
    const named = await insertTicketType(t.app.db);
    await t.app.db
      .insert(voucherTicketTypes)
      .values({ voucherId, ticketTypeId: named, eventId: currentEventId });

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/ticket-types/${named}`,
      headers: as('owner'),
    });
    expect(refused.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(refused.json()).message).toMatch(
      /has 1 voucher, so it cannot be deleted\. Archive it instead\.$/,
    );

    await t.app.db.delete(vouchers).where(eq(vouchers.id, voucherId));
    expect(
      await t.app.db.select().from(voucherTicketTypes).where(eq(voucherTicketTypes.voucherId, voucherId)),
    ).toEqual([]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/ticket-types/${named}`,
      headers: as('owner'),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
});

describe('checkin_list_ticket_types_same_edition_fk', () => {
  it("refuses even a direct insert naming another edition's ticket type", async () => {
    const [list] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`insert into checkin_lists (event_id, name, days) values (${currentEventId}, 'Direct', '{1}') returning id`,
      ),
    );
    const checkinListId = list!.id;
    expect(
      await failureOf(
        t.app.db
          .insert(checkinListTicketTypes)
          .values({ checkinListId, ticketTypeId: otherType, eventId: currentEventId }),
      ),
    ).toEqual({ code: FOREIGN_KEY_VIOLATION, constraint: 'checkin_list_ticket_types_same_edition_fk' });
    expect(
      await failureOf(
        t.app.db
          .insert(checkinListTicketTypes)
          .values({ checkinListId, ticketTypeId: otherType, eventId: otherEventId }),
      ),
    ).toEqual({ code: FOREIGN_KEY_VIOLATION, constraint: 'checkin_list_ticket_types_list_fk' });
  });

  it('the API answers as before, and deleting a list removes its rows', async () => {
    const lists = '/api/admin/checkin/lists';
    const refused = await t.app.inject({
      method: 'POST',
      url: lists,
      headers: as('manager'),
      payload: listBody([ownType, otherType]),
    });
    expect(refused.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(refused.json()).errors).toEqual({
      ticketTypeIds: 'Choose ticket types of this edition',
    });

    const created = await t.app.inject({
      method: 'POST',
      url: lists,
      headers: as('manager'),
      payload: listBody([ownType, ownType]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = z.object({ data: CheckinListSchema }).parse(created.json()).data;
    expect(list.ticketTypeIds).toEqual([ownType]);

    const secondType = await insertTicketType(t.app.db);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${lists}/${list.id}`,
      headers: as('manager'),
      payload: { ticketTypeIds: [secondType, ownType] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(z.object({ data: CheckinListSchema }).parse(changed.json()).data.ticketTypeIds).toEqual(
      [ownType, secondType].sort((a, b) => a - b),
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${lists}/${list.id}`,
      headers: as('manager'),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await t.app.db
        .select()
        .from(checkinListTicketTypes)
        .where(eq(checkinListTicketTypes.checkinListId, list.id)),
    ).toEqual([]);
  });
});

describe('organizer_settings_pkey: settings per edition', () => {
  const settingsUrl = '/api/admin/settings';
  const NEXT_EDITION: CreateEditionInput = {
    name: 'Startup Fest Gujarat 2025',
    startsAt: '2025-10-20T10:00:00+05:30',
    endsAt: '2025-10-21T19:00:00+05:30',
    venue: 'Gujarat Science City, Ahmedabad',
    venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City+Ahmedabad',
    copyTicketTypes: false,
  };

  async function consoleSettings() {
    const response = await t.app.inject({ method: 'GET', url: settingsUrl, headers: as('finance') });
    expect(response.statusCode, response.body).toBe(200);
    return z.object({ data: SettingsSchema }).parse(response.json()).data;
  }

  async function footerName() {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/event/current' });
    return z
      .object({ data: z.object({ organizer: z.object({ legalName: z.string().nullable() }) }) })
      .parse(response.json()).data.organizer.legalName;
  }

  /** Checks out one attendee on a new pass of the current edition; its `pay` pays it by the sandbox. */
  async function placeOrder() {
    const ticketId = await insertTicketType(t.app.db);
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = CheckoutResponseSchema.parse(response.json());
    return { reference: order.reference, pay: () => payWithSandbox(t.app, order.id) };
  }

  async function invoiceSupplier(reference: string) {
    const [row] = await t.app.db
      .select({ supplier: taxDocuments.supplier })
      .from(taxDocuments)
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .where(eq(orders.reference, reference));
    return row?.supplier;
  }

  it("a second edition gets its own settings without retyping; an order of the first is invoiced with the first edition's details", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: as('owner'),
      payload: GST_SETTINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Placed in the first edition, paid once the second is current and has its own details.
    const firstEditionOrder = await placeOrder();

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/editions',
      headers: as('owner'),
      payload: { ...NEXT_EDITION, invoicePrefix: 'SFGB' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const secondEventId = (await getCurrentEvent(t.app.db)).id;
    expect(secondEventId).not.toBe(currentEventId);

    // Nothing retyped: the console, the footer and checkout read the first edition's settings.
    expect(await consoleSettings()).toMatchObject(GST_SETTINGS);
    expect(await footerName()).toBe(GST_SETTINGS.legalName);

    const renamed = {
      ...GST_SETTINGS,
      legalName: 'Startup Fest Gujarat Trust',
      address: 'GIFT City, Gandhinagar 382355',
    };
    const changed = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: as('owner'),
      payload: renamed,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await consoleSettings()).toMatchObject(renamed);
    expect(await footerName()).toBe(renamed.legalName);
    const rows = await t.app.db.select().from(organizerSettings);
    expect(rows.find((row) => row.eventId === currentEventId)).toMatchObject({
      legalName: GST_SETTINGS.legalName,
    });
    expect(rows.find((row) => row.eventId === secondEventId)).toMatchObject({ legalName: renamed.legalName });

    await firstEditionOrder.pay();
    expect(await invoiceSupplier(firstEditionOrder.reference)).toEqual({
      legalName: GST_SETTINGS.legalName,
      address: GST_SETTINGS.address,
      stateCode: GST_SETTINGS.stateCode,
      gstin: GST_SETTINGS.gstin,
    });
    const secondEditionOrder = await placeOrder();
    await secondEditionOrder.pay();
    expect(await invoiceSupplier(secondEditionOrder.reference)).toMatchObject({
      legalName: renamed.legalName,
      address: renamed.address,
    });

    // The database holds one row per edition.
    expect(
      await failureOf(
        t.app.db.insert(organizerSettings).values({
          eventId: secondEventId,
          legalName: 'Twice',
          address: 'Twice',
          stateCode: '24',
          pricesIncludeGst: true,
          eventStateCode: '24',
          updatedAt: clock,
        }),
      ),
    ).toEqual({ code: '23505', constraint: 'organizer_settings_pkey' });
  });
});
