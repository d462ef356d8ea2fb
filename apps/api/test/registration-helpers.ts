/**
 * Helpers for the registration tests: valid form values built from the seeded reference
 * data, multipart bodies built with the platform's FormData, real file bytes, and readers
 * for the uploads folder and the email outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ParticipantCategory } from '@festival/shared';
import { countries, industryCategories, startupStages, states, ticketTypes } from '../src/db/schema.js';
import { settleJobs, type TestContext } from './helper.js';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 baseline JPEG (complete: quantisation and Huffman tables, so it decodes). */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/' +
    '2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAAR' +
    'CAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAA' +
    'AAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z',
  'base64',
);

/** A one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 72 72]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** The start of a Windows executable (an "MZ" DOS header). */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** `bytes` long, starting with a valid PNG signature and header. */
export function bigPng(bytes: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
}

/** Ids of seeded reference rows the forms point at. */
export interface ReferenceIds {
  india: number;
  gujarat: number;
  vatican: number;
  /** A state of a country other than India. */
  foreignState: number;
  category: number;
  stage: number;
  ticketOf(participantCategoryId: number, name: string): Promise<number>;
}

export async function referenceIds({ app }: TestContext): Promise<ReferenceIds> {
  const db = app.db;
  const country = async (isoCode: string) =>
    (await db.select().from(countries).where(eq(countries.isoCode, isoCode)))[0]!.id;
  const india = await country('IN');
  const usa = await country('US');
  const [gujarat] = await db
    .select()
    .from(states)
    .where(and(eq(states.countryId, india), eq(states.code, 'GJ')));
  const [california] = await db
    .select()
    .from(states)
    .where(and(eq(states.countryId, usa), eq(states.code, 'CA')));
  const [category] = await db
    .select()
    .from(industryCategories)
    .where(eq(industryCategories.name, 'Agri-Tech'));
  const [stage] = await db.select().from(startupStages).where(eq(startupStages.name, 'Validation'));
  return {
    india,
    gujarat: gujarat!.id,
    vatican: await country('VA'),
    foreignState: california!.id,
    category: category!.id,
    stage: stage!.id,
    async ticketOf(participantCategoryId, name) {
      const [row] = await db
        .select()
        .from(ticketTypes)
        .where(and(eq(ticketTypes.participantCategoryId, participantCategoryId), eq(ticketTypes.name, name)));
      return row!.id;
    },
  };
}

/** A complete, valid startup form as the browser sends it (every value a string). */
export function startupForm(
  ids: ReferenceIds,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    contactPersonName: 'Asha Patel',
    email: 'asha@agrisense.example',
    countryCode: '+91',
    contactNo: '9876543210',
    companyName: 'AgriSense',
    founderName: 'Asha Patel',
    categoryId: String(ids.category),
    stageOfStartup: String(ids.stage),
    teamSize: '6-10',
    City: 'Ahmedabad',
    description: 'Soil sensors and advice for smallholder farmers.',
    legalName: 'AgriSense Technologies Private Limited',
    yearFounded: '2022-04-01',
    terms: 'true',
    pincode: '380060',
    address: 'Science City Road, Sola',
    CountryID: String(ids.india),
    StateID: String(ids.gujarat),
    participantCategoryId: String(ParticipantCategory.Pitcher),
    ...overrides,
  };
}

/** A complete, valid investor form as JSON. */
export function investorForm(
  ids: ReferenceIds,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: 'Vikram Shah',
    email: 'vikram@seedfund.example',
    countryCode: '+91',
    contactNo: 9898012345,
    companyName: 'Seed Fund Partners',
    investmentAmount: 2500000.5,
    City: 'Vadodara',
    description: 'Early-stage agri and rural fintech.',
    pincode: '390001',
    address: 'Alkapuri',
    CountryID: ids.india,
    StateID: ids.gujarat,
    terms: true,
    participantCategoryId: ParticipantCategory.Investor,
    ...overrides,
  };
}

export interface FilePart {
  field: string;
  content: Buffer;
  filename: string;
  /** What the client declares; the server must not believe it. */
  type: string;
}

/** Encodes fields and files as multipart/form-data, exactly as a browser's FormData would. */
export async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([file.content], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export async function postStartup(t: TestContext, fields: Record<string, string>, files: FilePart[] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/auth/create/StartUpDetailsMaster', ...body });
}

export function postInvestor(t: TestContext, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/investor', payload: body });
}

/** Every file (not folder) below `dir`, as paths relative to it; [] when `dir` does not exist. */
export async function filesBelow(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Parsed messages in DATA_DIR/outbox. Emails are sent by jobs after the answer: pass the app
 * to wait until its queue has settled first.
 */
export async function outbox(dataDir: string, app?: TestContext['app']): Promise<ParsedMail[]> {
  if (app) await settleJobs(app);
  const dir = path.join(dataDir, 'outbox');
  const names = await filesBelow(dir);
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
}

/** The one outbox message to `to`, once the app's jobs have settled. */
export async function mailTo(app: TestContext['app'], dataDir: string, to: string): Promise<ParsedMail> {
  const found = (await outbox(dataDir, app)).filter((mail) => JSON.stringify(mail.to ?? '').includes(to));
  if (found.length !== 1) throw new Error(`expected one mail to ${to} in the outbox, found ${found.length}`);
  return found[0]!;
}
