/**
 * The console's exports: lists as CSV and XLSX with the list's filters, every page of them, and
 * spreadsheet formula injection neutralised (CSV) or impossible (XLSX text cells).
 */
import { buffer, text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  industryCategories,
  registrations,
  startupDetails,
  startupStages,
  states,
} from '../src/db/schema.js';
import { exportRegistrations } from '../src/modules/exports/service.js';
import { build, type TestContext } from './helper.js';
import { insertAttendees } from './ticketing-helpers.js';

let t: TestContext;
const MANY = 230;
/** The place, sector and stage columns of the one startup, as the CSV writes them. */
let startupColumns = '';

beforeAll(async () => {
  t = await build();
  await t.app.db.delete(registrations);
  const ids = await insertAttendees(t.app.db, MANY, { participantCategoryId: 3 });
  await t.app.db
    .update(registrations)
    .set({
      name: '=HYPERLINK("http://evil.example","Click")',
      companyName: '+91 Capital',
      countryCode: '+91',
      contactNo: '9909011223',
    })
    .where(eq(registrations.id, ids[0]!));
  // Not a shape the forms store: the phone column's exception does not reach it.
  await t.app.db
    .update(registrations)
    .set({ countryCode: '+91', contactNo: '1+cmd|calc!A0' })
    .where(eq(registrations.id, ids[2]!));
  const [gujarat] = await t.app.db.select().from(states).where(eq(states.name, 'Gujarat'));
  const [sector] = await t.app.db.select().from(industryCategories).limit(1);
  const [stage] = await t.app.db.select().from(startupStages).limit(1);
  await t.app.db
    .update(registrations)
    .set({ stateId: gujarat!.id, pincode: '380060' })
    .where(eq(registrations.id, ids[1]!));
  await t.app.db.insert(startupDetails).values({
    registrationId: ids[1]!,
    founderName: 'Founder',
    legalName: 'Export Startup Private Limited',
    industryCategoryId: sector!.id,
    startupStageId: stage!.id,
    teamSize: '1-10',
    establishedOn: '2023-04-01',
  });
  startupColumns = `,Ahmedabad,Gujarat,India,380060,${sector!.name},${stage!.name},`;
});
afterAll(async () => t?.close());

describe('registrations export', () => {
  it('writes every registration as CSV, past one page, with formulas neutralised', async () => {
    const csv = await text(await exportRegistrations(t.app.db, {}, 'csv'));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Registered (IST),Name,Email,Phone,Company,Role,City,State,Country,PIN code,Sector,Stage,Payment,Order,Ticket,Pass',
    );
    expect(csv).toContain(',Ahmedabad,,India,,,,');
    expect(csv).toContain(startupColumns);
    expect(lines).toHaveLength(MANY + 1);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`'+91 Capital`);
    // A stored phone number keeps its + for the tools a CSV feeds; anything else is guarded.
    expect(csv).toContain(`,+91 9909011223,'+91 Capital,`);
    expect(csv).toContain(`,'+91 1+cmd|calc!A0,`);
  });

  it('writes the same rows as XLSX, formulas kept as plain text', async () => {
    const file = await buffer(await exportRegistrations(t.app.db, { payment: 'unpaid' }, 'xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file).buffer);
    const sheet = workbook.getWorksheet('Registrations')!;
    expect(sheet.rowCount).toBe(MANY + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    const names = Array.from({ length: MANY }, (_, index) => sheet.getRow(index + 2).getCell(2));
    const evil = names.find((cell) => String(cell.value).includes('HYPERLINK'));
    expect(evil?.type).toBe(ExcelJS.ValueType.String);
    expect(evil?.formula).toBeUndefined();
    // The header stays in view, and a registration time is a date cell of India's wall clock.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const registered = sheet.getRow(2).getCell(1);
    expect(registered.type).toBe(ExcelJS.ValueType.Date);
    expect(registered.numFmt).toBe('dd mmm yyyy hh:mm');
    const stored = await t.app.db.select({ at: registrations.createdAt }).from(registrations);
    const shown = (registered.value as Date).getTime();
    // India is 5 h 30 min ahead of UTC: the cell reads the stored instant's India clock.
    expect(stored.some(({ at }) => Math.abs(at.getTime() + 330 * 60_000 - shown) < 1_000)).toBe(true);
  });

  it('applies the filters of the list', async () => {
    const csv = await text(await exportRegistrations(t.app.db, { payment: 'paid' }, 'csv'));
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });
});
