/**
 * Badges and bulk pass PDFs in the console: page counts per layout, what each badge says
 * (names in Latin and Gujarati, companies, category names), only valid passes of paid orders,
 * a badge's QR code admitted by the gate's redeem endpoint, the selection rules, and the audit
 * row of each print. PDFs are read back with poppler (pdftotext, pdfinfo, pdftoppm) and the QR
 * code with ZXing, as the gate scanner reads it.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { CheckoutResponseSchema, RedeemResultSchema } from '@festival/shared';
import { auditLog, orders, passes, registrations } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { declaredRoles, headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { buyPasses, createCheckinList } from './checkin-helpers.js';
import { checkout, insertAttendees, insertTicketType, pdfText } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let listId: number;
let order: { reference: string; passes: { code: string; registrationId: string; token: string }[] };
let revoked: { name: string; registrationId: string };
let unpaidName: string;

const GUJARATI_NAME = 'અમિત પટેલ';
const COMPANY = 'Sabarmati Robotics Pvt Ltd';

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
  // Nine valid passes: more than one label sheet of eight.
  const bought = await buyPasses(t.app, ticketTypeId, 3);
  await buyPasses(t.app, ticketTypeId, 6);
  const [paid] = await t.app.db.select().from(orders).where(eq(orders.id, bought.orderId));
  order = { reference: paid!.reference, passes: bought.passes };
  const [first, second] = bought.passes;
  await t.app.db
    .update(registrations)
    .set({ name: GUJARATI_NAME, companyName: COMPANY, locale: 'gu' })
    .where(eq(registrations.id, first!.registrationId));
  await t.app.db
    .update(registrations)
    .set({ participantCategoryId: 1 })
    .where(eq(registrations.id, second!.registrationId));

  const refunded = await buyPasses(t.app, ticketTypeId, 1);
  await t.app.db.update(passes).set({ revokedAt: new Date() }).where(eq(passes.orderId, refunded.orderId));
  const [holder] = await t.app.db
    .select()
    .from(registrations)
    .where(eq(registrations.id, refunded.passes[0]!.registrationId));
  revoked = { name: holder!.name, registrationId: holder!.id };

  const [unpaid] = await insertAttendees(t.app.db, 1);
  CheckoutResponseSchema.parse((await checkout(t.app, [unpaid!], ticketTypeId)).json());
  const [unpaidHolder] = await t.app.db.select().from(registrations).where(eq(registrations.id, unpaid!));
  unpaidName = unpaidHolder!.name;

  listId = (await createCheckinList(t.app, signedIn, [ticketTypeId])).id;

  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: (await readFile(wasm)).buffer },
    fireImmediately: true,
  });
}, 120_000);
afterAll(async () => t?.close());

function get(url: string, role: 'gate' | 'finance' | 'manager' | 'content' = 'gate') {
  return t.app.inject({ method: 'GET', url, headers: headersOf(signedIn, role) });
}

async function pdf(url: string, role?: 'gate' | 'finance' | 'manager') {
  const response = await get(url, role);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

/** Runs a poppler tool on the PDF in a temporary folder; returns its output and the folder's files. */
function poppler<T>(bytes: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'badges-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The letters of each line, sorted: pdftotext reads a shaped Gujarati name's glyphs in visual
 * order (the vowel sign િ before its consonant), so names are compared by their letters.
 */
function letters(text: string): string[] {
  return text.split('\n').map((line) => [...line.replace(/\s/g, '')].sort().join(''));
}

function pageCount(bytes: Buffer): number {
  const info = poppler(bytes, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** The first page drawn at 300 dpi as PNG bytes. */
function firstPagePng(bytes: Buffer): Buffer {
  return poppler(bytes, (file, dir) => {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '300',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    return readFileSync(path.join(dir, 'page.png'));
  });
}

describe('GET /api/admin/badges.pdf', () => {
  it('prints one A6 page per valid pass of a check-in list, sorted by name, with names, companies and categories', async () => {
    const bytes = await pdf(`/api/admin/badges.pdf?listId=${listId}&layout=a6`);
    expect(pageCount(bytes)).toBe(9);
    const text = pdfText(bytes);
    expect(letters(text)).toContain(letters(GUJARATI_NAME)[0]);
    expect(text).toContain(COMPANY);
    expect(text).toContain('PITCHER');
    expect(text).toContain('INVESTOR');
    expect(text).not.toContain(revoked.name);
    expect(text).not.toContain(unpaidName);
  });

  it('prints eight badges per label sheet', async () => {
    const bytes = await pdf(`/api/admin/badges.pdf?listId=${listId}&layout=labels`);
    expect(pageCount(bytes)).toBe(2);
    expect(pdfText(bytes)).toContain(COMPANY);
  });

  it("prints an order's badges, and one attendee's, A6 by default", async () => {
    expect(pageCount(await pdf(`/api/admin/badges.pdf?orderReference=${order.reference}`, 'finance'))).toBe(
      3,
    );
    const one = await pdf(`/api/admin/badges.pdf?registrationId=${order.passes[0]!.registrationId}`);
    expect(pageCount(one)).toBe(1);
    expect(letters(pdfText(one))).toContain(letters(GUJARATI_NAME)[0]);
  });

  it('carries the pass’s own token in a QR code the gate admits', async () => {
    const pass = order.passes[2]!;
    const bytes = await pdf(`/api/admin/badges.pdf?registrationId=${pass.registrationId}`);
    const [read] = await readBarcodes(new Uint8Array(firstPagePng(bytes)), { formats: ['QRCode'] });
    expect(read?.text).toBe(pass.token);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/checkin/redeem',
      headers: headersOf(signedIn, 'gate'),
      payload: {
        code: read!.text,
        listId,
        scannedAt: '2024-10-20T05:00:00Z',
        nonce: randomUUID(),
        gate: 'Desk',
      },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(RedeemResultSchema.parse(redeemed.json().data).status).toBe('ok');
  });

  it('reads a label sheet’s QR codes too', async () => {
    const bytes = await pdf(`/api/admin/badges.pdf?orderReference=${order.reference}&layout=labels`);
    const codes = await readBarcodes(new Uint8Array(firstPagePng(bytes)), {
      formats: ['QRCode'],
      maxNumberOfSymbols: 8,
    });
    expect(codes.map((code) => code.text).sort()).toEqual(order.passes.map((pass) => pass.token).sort());
  });

  it('answers 404 for an attendee without a valid pass, an unknown order or list', async () => {
    for (const query of [
      `registrationId=${revoked.registrationId}`,
      `orderReference=NOPE-123`,
      `listId=999999`,
    ]) {
      const response = await get(`/api/admin/badges.pdf?${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ isOk: false });
    }
  });

  it('answers 400 for none or several selections and an unknown layout', async () => {
    for (const query of [
      '',
      `listId=${listId}&orderReference=${order.reference}`,
      `listId=${listId}&layout=a4`,
      'registrationId=x',
    ]) {
      const response = await get(`/api/admin/badges.pdf?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const none = await get('/api/admin/badges.pdf');
    expect(Object.values(none.json().errors)).toContain(
      'Choose one attendee, one order or one check-in list',
    );
  });

  it('records each print in the audit log', async () => {
    await pdf(`/api/admin/badges.pdf?listId=${listId}&layout=labels`, 'manager');
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'badges.print'), eq(auditLog.entityId, String(listId))));
    expect(rows.at(-1)).toMatchObject({
      entityType: 'checkin_list',
      organizerEmail: signedIn.get('manager')!.organizer.email,
      after: { layout: 'labels', passes: 9 },
    });
  });

  it('is refused to the content role', async () => {
    expect((await get(`/api/admin/badges.pdf?listId=${listId}`, 'content')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/passes.pdf', () => {
  it("prints an order's valid passes, one A4 page each", async () => {
    const bytes = await pdf(`/api/admin/passes.pdf?orderReference=${order.reference}`, 'finance');
    expect(pageCount(bytes)).toBe(3);
    const text = pdfText(bytes);
    expect(letters(text)).toContain(letters(GUJARATI_NAME)[0]);
    // Each page in its holder's language: the Gujarati registrant's in Gujarati, the others English.
    expect(letters(text)).toContain(letters('ઇવેન્ટ પાસ · રોકાણકાર')[0]);
    expect(text).toContain(`Order ${order.reference}`);
  });

  it("prints a check-in list's valid passes, each with its own order's reference", async () => {
    const bytes = await pdf(`/api/admin/passes.pdf?listId=${listId}`);
    expect(pageCount(bytes)).toBe(9);
    const text = pdfText(bytes);
    expect(text).toContain(`Order ${order.reference}`);
    expect(text).not.toContain(revoked.name);
    expect(text).not.toContain(unpaidName);
  });

  it('takes an order or a list, not an attendee', async () => {
    const response = await get(`/api/admin/passes.pdf?registrationId=${order.passes[0]!.registrationId}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('who prints', () => {
  it('is the gate desk and sales: owners, managers, finance and gate', () => {
    for (const url of ['/api/admin/badges.pdf', '/api/admin/passes.pdf']) {
      expect(declaredRoles(t.app, 'GET', url)).toEqual(['owner', 'manager', 'finance', 'gate']);
    }
  });
});
