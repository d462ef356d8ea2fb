/**
 * The CHECK constraints of the schema (docs/sql-rules.md lists them beside the triggers
 * and indexes kept in SQL). For each status or kind column: the values the database allows are
 * the TypeScript set the code types the column by, and a write outside it fails with
 * check_violation (SQLSTATE 23514) naming the constraint. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set. Migration 0026 added most of them; it applies over seeded data and real
 * orders.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_DIRECTIONS,
  CMS_PAGE_KINDS,
  CONTENT_COLLECTIONS,
  LOCALES,
  OrderStatusSchema,
  ORGANIZER_ROLES,
  PLACE_OF_SUPPLY_RULES,
  RedeemStatusSchema,
  TaxBreakdownSchema,
  TICKET_SOLD_PER,
  TICKET_TYPE_VISIBILITIES,
  UploadPurposeSchema,
  VISITOR_REGISTRATIONS,
  VOUCHER_PRICE_MODES,
  WAITING_LIST_STATUSES,
} from '@festival/shared';
import { migrationsFolder } from '../src/db/client.js';
import { rowsOf } from '../src/db/search.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { DOCUMENT_KINDS } from '../src/modules/invoices/numbering.js';
import { REFUND_REASON, REFUND_STATUS } from '../src/modules/payments/refund-status.js';
import { PAYMENT_EVENT_SOURCE } from '../src/modules/payments/repository.js';
import { buyPasses } from './checkin-helpers.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let eventId: number;
let ticketTypeId: number;
let orderId: string;
let passId: string;
let registrationId: string;
let listId: number;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  eventId = (await getCurrentEvent(t.app.db)).id;
  ticketTypeId = await insertTicketType(t.app.db, { capacity: 20 });
  const bought = await buyPasses(t.app, ticketTypeId, 1);
  orderId = bought.orderId;
  passId = bought.passes[0]!.id;
  [registrationId] = (await insertAttendees(t.app.db, 1)) as [string];
  [{ id: listId }] = rowsOf<{ id: number }>(
    await t.app.db.execute(sql`
      insert into checkin_lists (event_id, name, days)
      values (${eventId}, 'Status checks', '{1}') returning id`),
  ) as [{ id: number }];
});
afterAll(async () => t?.close());

/** The SQLSTATE and constraint of a failed statement; Drizzle wraps the driver's error in `cause`. */
function failureOf(error: unknown): { code: unknown; constraint: unknown } | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string') return { code, constraint };
    current = cause;
  }
  return undefined;
}

/** The string literals of a constraint's definition as the database holds it, sorted. */
async function allowedValues(constraint: string): Promise<string[]> {
  const [row] = rowsOf<{ definition: string }>(
    await t.app.db.execute(
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${constraint}`,
    ),
  );
  if (!row) throw new Error(`no constraint ${constraint}`);
  return [...row.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!).sort();
}

/** Runs `statement` and asserts it fails with check_violation of `constraint`. */
async function expectViolation(constraint: string, statement: SQL) {
  const error = await t.app.db.execute(statement).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(failureOf(error)).toEqual({ code: '23514', constraint });
}

/**
 * Asserts the database allows exactly `allowed` under `constraint`, and that `statement`, which
 * writes a value outside it, fails with check_violation of `constraint`.
 */
async function expectValueCheck(constraint: string, allowed: readonly string[], statement: SQL) {
  expect(await allowedValues(constraint)).toEqual([...allowed].sort());
  await expectViolation(constraint, statement);
}

describe('status and kind columns', () => {
  it('orders_status_ck: an order status outside OrderStatusSchema fails', async () => {
    await expectValueCheck(
      'orders_status_ck',
      OrderStatusSchema.options,
      sql`update orders set status = 'shipped' where id = ${orderId}`,
    );
  });

  it('payment_events_source_ck: a notification source outside PAYMENT_EVENT_SOURCE fails', async () => {
    await expectValueCheck(
      'payment_events_source_ck',
      Object.values(PAYMENT_EVENT_SOURCE),
      sql`insert into payment_events (provider, source, order_id, payload)
          values ('sandbox', 'email', ${orderId}, '{}'::jsonb)`,
    );
  });

  it('refunds_status_ck: a refund status outside REFUND_STATUS fails', async () => {
    await expectValueCheck(
      'refunds_status_ck',
      Object.values(REFUND_STATUS),
      sql`insert into refunds (order_id, provider, provider_payment_id, amount, reason, status, created_at)
          values (${orderId}, 'sandbox', 'pay_status_check', 100, 'organizer', 'lost', now())`,
    );
  });

  it('refunds_reason_ck: a refund reason outside REFUND_REASON fails', async () => {
    await expectValueCheck(
      'refunds_reason_ck',
      Object.values(REFUND_REASON),
      sql`insert into refunds (order_id, provider, provider_payment_id, amount, reason, created_at)
          values (${orderId}, 'sandbox', 'pay_status_check', 100, 'goodwill', now())`,
    );
  });

  it('cms_pages_kind_ck: a page kind outside CMS_PAGE_KINDS fails', async () => {
    await expectValueCheck(
      'cms_pages_kind_ck',
      CMS_PAGE_KINDS,
      sql`insert into cms_pages (kind, slug, title, content_html)
          values ('blog', 'status-check-blog', 'Blog', '<p>Post</p>')`,
    );
  });

  it('content_items_collection_ck: a collection outside CONTENT_COLLECTIONS fails', async () => {
    await expectValueCheck(
      'content_items_collection_ck',
      CONTENT_COLLECTIONS,
      sql`insert into content_items (collection, name, event_id) values ('videos', 'A video', ${eventId})`,
    );
  });

  it('organizers_role_ck: a role outside ORGANIZER_ROLES fails', async () => {
    await expectValueCheck(
      'organizers_role_ck',
      ORGANIZER_ROLES,
      sql`insert into organizers (id, name, email, role)
          values ('status-check', 'Admin', 'status-check@example.org', 'admin')`,
    );
  });

  it('uploaded_files_purpose_ck: a registration file purpose outside UploadPurposeSchema fails', async () => {
    // content_image is an upload purpose too, but its files are content_images rows, not these.
    await expectValueCheck(
      'uploaded_files_purpose_ck',
      UploadPurposeSchema.options,
      sql`insert into uploaded_files (registration_id, purpose, stored_name, original_name, mime_type, size_bytes, sha256)
          values (${registrationId}, 'content_image', 'status-check.png', 'a.png', 'image/png', 1, 'x')`,
    );
  });

  it('waiting_list_entries_status_ck: an entry status outside WAITING_LIST_STATUSES fails', async () => {
    await expectValueCheck(
      'waiting_list_entries_status_ck',
      WAITING_LIST_STATUSES,
      sql`insert into waiting_list_entries (event_id, ticket_type_id, name, email, quantity, status)
          values (${eventId}, ${ticketTypeId}, 'Asha', 'asha@example.com', 1, 'pending')`,
    );
  });

  it('vouchers_price_mode_ck: a price mode outside VOUCHER_PRICE_MODES fails', async () => {
    await expectValueCheck(
      'vouchers_price_mode_ck',
      VOUCHER_PRICE_MODES,
      sql`insert into vouchers (event_id, code, price_mode, value, max_uses)
          values (${eventId}, 'STATUSCHECK', 'free', 0, 1)`,
    );
  });

  it('checkins_direction_ck: a scan direction outside CHECKIN_DIRECTIONS fails', async () => {
    await expectValueCheck(
      'checkins_direction_ck',
      CHECKIN_DIRECTIONS,
      sql`insert into checkins (list_id, pass_id, nonce, direction, result, scanned_at, received_at)
          values (${listId}, ${passId}, 'status-check-direction', 'sideways', 'ok', now(), now())`,
    );
  });

  it('checkins_result_ck: a scan result outside ok and REDEEM_REASONS fails', async () => {
    await expectValueCheck(
      'checkins_result_ck',
      RedeemStatusSchema.options,
      sql`insert into checkins (list_id, pass_id, nonce, direction, result, scanned_at, received_at)
          values (${listId}, ${passId}, 'status-check-result', 'entry', 'maybe', now(), now())`,
    );
  });

  it('document_sequences_series_ck: a series outside DOCUMENT_KINDS fails', async () => {
    await expectValueCheck(
      'document_sequences_series_ck',
      DOCUMENT_KINDS,
      sql`insert into document_sequences (series, prefix, financial_year) values ('receipt', 'SFG', '2425')`,
    );
  });

  /** A tax document of the paid order with `kind` and `stateTaxName`. */
  const taxDocument = (kind: string, stateTaxName: string) => sql`
    insert into tax_documents (kind, number, prefix, financial_year, sequence, order_id, issued_at,
      supplier, recipient, place_of_supply_code, inter_state, state_tax_name, taxable, cgst, sgst,
      igst, total)
    values (${kind}, 'SFG/2425/999', 'SFG', '2425', 999, ${orderId}, now(), '{}'::jsonb, '{}'::jsonb,
      '24', false, ${stateTaxName}, 100, 9, 9, 0, 118)`;

  it('tax_documents_state_tax_name_ck: a state tax other than SGST or UTGST fails', async () => {
    await expectValueCheck(
      'tax_documents_state_tax_name_ck',
      TaxBreakdownSchema.shape.stateTaxName.options,
      taxDocument('invoice', 'VAT'),
    );
  });

  it('tax_documents_kind_ck: a document kind outside DOCUMENT_KINDS fails', async () => {
    await expectValueCheck('tax_documents_kind_ck', DOCUMENT_KINDS, taxDocument('receipt', 'SGST'));
  });

  it('events_visitor_registration_ck: a visitor registration outside VISITOR_REGISTRATIONS fails', async () => {
    await expectValueCheck(
      'events_visitor_registration_ck',
      VISITOR_REGISTRATIONS,
      sql`update events set visitor_registration = 'door' where id = ${eventId}`,
    );
  });

  it('ticket_types_visibility_ck: a visibility outside TICKET_TYPE_VISIBILITIES fails', async () => {
    await expectValueCheck(
      'ticket_types_visibility_ck',
      TICKET_TYPE_VISIBILITIES,
      sql`update ticket_types set visibility = 'secret' where id = ${ticketTypeId}`,
    );
  });

  it('ticket_types_sold_per_ck: a sale unit outside TICKET_SOLD_PER fails', async () => {
    await expectValueCheck(
      'ticket_types_sold_per_ck',
      TICKET_SOLD_PER,
      sql`update ticket_types set sold_per = 'table' where id = ${ticketTypeId}`,
    );
  });

  it('ticket_types_place_of_supply_ck: a place of supply outside PLACE_OF_SUPPLY_RULES fails', async () => {
    await expectValueCheck(
      'ticket_types_place_of_supply_ck',
      PLACE_OF_SUPPLY_RULES,
      sql`update ticket_types set place_of_supply = 'buyer' where id = ${ticketTypeId}`,
    );
  });

  it('registrations_locale_ck: a language outside LOCALES fails', async () => {
    await expectValueCheck(
      'registrations_locale_ck',
      LOCALES,
      sql`update registrations set locale = 'fr' where id = ${registrationId}`,
    );
  });

  it('orders_locale_ck: a language outside LOCALES fails', async () => {
    await expectValueCheck(
      'orders_locale_ck',
      LOCALES,
      sql`update orders set locale = 'en-IN' where id = ${orderId}`,
    );
  });

  it('waiting_list_entries_locale_ck: a language outside LOCALES fails', async () => {
    await expectValueCheck(
      'waiting_list_entries_locale_ck',
      LOCALES,
      sql`insert into waiting_list_entries (event_id, ticket_type_id, name, email, quantity, locale)
          values (${eventId}, ${ticketTypeId}, 'Asha', 'asha-locale@example.com', 1, 'gujarati')`,
    );
  });

  it('registration_alerts_locale_ck: a language outside LOCALES fails', async () => {
    await expectValueCheck(
      'registration_alerts_locale_ck',
      LOCALES,
      sql`insert into registration_alerts (email, locale) values ('alert-locale@example.com', 'HI')`,
    );
  });
});

describe('number and shape checks', () => {
  it('ticket_types_capacity_ck: a negative capacity fails', async () => {
    await expectViolation(
      'ticket_types_capacity_ck',
      sql`update ticket_types set capacity = -1 where id = ${ticketTypeId}`,
    );
  });

  it('ticket_types_amount_ck: a negative price fails', async () => {
    await expectViolation(
      'ticket_types_amount_ck',
      sql`update ticket_types set amount = -1 where id = ${ticketTypeId}`,
    );
  });

  it('ticket_types_gst_rate_ck: a GST rate above 28 % fails', async () => {
    await expectViolation(
      'ticket_types_gst_rate_ck',
      sql`update ticket_types set gst_rate_bp = 3000 where id = ${ticketTypeId}`,
    );
  });

  it('ticket_types_passes_included_ck: a pass sold per attendee that includes two passes fails', async () => {
    await expectViolation(
      'ticket_types_passes_included_ck',
      sql`update ticket_types set passes_included = 2 where id = ${ticketTypeId} and sold_per = 'attendee'`,
    );
  });

  it('ticket_types_translations_ck: translations that are not a JSON object fail', async () => {
    await expectViolation(
      'ticket_types_translations_ck',
      sql`update ticket_types set translations = '"Gujarati"'::jsonb where id = ${ticketTypeId}`,
    );
  });

  it('faq_items_translations_ck: translations that are not a JSON object fail', async () => {
    await expectViolation(
      'faq_items_translations_ck',
      sql`update faq_items set translations = '[]'::jsonb where id = (select min(id) from faq_items)`,
    );
  });

  it('events_translations_ck: translations that are not a JSON object fail', async () => {
    await expectViolation('events_translations_ck', sql`update events set translations = '1'::jsonb`);
  });

  it('cms_pages_translations_ck: translations that are not a JSON object fail', async () => {
    await expectViolation(
      'cms_pages_translations_ck',
      sql`update cms_pages set translations = 'null'::jsonb where slug = 'about'`,
    );
  });
});

describe('migration 0026_status_checks', () => {
  it('applies over the seed and real orders', async () => {
    const fresh = await build({ now: clockFrom() });
    try {
      const statements = (await readFile(path.join(migrationsFolder(), '0026_status_checks.sql'), 'utf8'))
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean);
      // Back to the tables as they were before 0026, then data written by the app as it is now.
      const added = statements.map((statement) => {
        const [, table, constraint] =
          /^ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)" CHECK/.exec(statement) ?? [];
        if (!table || !constraint) throw new Error(`not an added CHECK: ${statement}`);
        return { table, constraint };
      });
      for (const { table, constraint } of added) {
        await fresh.app.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT "${constraint}"`));
      }
      const ticket = await insertTicketType(fresh.app.db, { capacity: 20 });
      await buyPasses(fresh.app, ticket, 2);
      const pending = await checkout(fresh.app, await insertAttendees(fresh.app.db, 1), ticket);
      expect(pending.statusCode, pending.body).toBe(200);

      for (const statement of statements) await fresh.app.db.execute(sql.raw(statement));

      const names = rowsOf<{ name: string }>(
        await fresh.app.db.execute(sql`select conname as name from pg_constraint where contype = 'c'`),
      ).map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(added.map((entry) => entry.constraint)));
    } finally {
      await fresh.close();
    }
  });
});
