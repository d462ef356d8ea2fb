import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RegisteredAttendeeSchema, envelope } from '@festival/shared';
import { registrations, uploadedFiles } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import {
  EXE,
  HTML,
  JPEG,
  PDF,
  PNG,
  bigPng,
  filesBelow,
  postStartup,
  referenceIds,
  startupForm,
  type FilePart,
  type ReferenceIds,
} from './registration-helpers.js';

const MB = 1024 * 1024;
let t: TestContext;
let ids: ReferenceIds;
let uploadsDir: string;
let emailCounter = 0;

beforeAll(async () => {
  t = await build({ now: () => new Date('2024-09-15T08:00:00Z') });
  ids = await referenceIds(t);
  uploadsDir = path.join(t.dataDir, 'uploads');
});
afterAll(async () => t?.close());

/** A valid form with an email no other test uses. */
function form(overrides: Record<string, string> = {}) {
  emailCounter += 1;
  return startupForm(ids, { email: `upload${emailCounter}@startup.example`, ...overrides });
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function state() {
  const [regs] = await t.app.db.select({ value: count() }).from(registrations);
  const [files] = await t.app.db.select({ value: count() }).from(uploadedFiles);
  return { registrations: regs!.value, fileRows: files!.value, onDisk: await filesBelow(uploadsDir) };
}

describe('accepted uploads', () => {
  it('stores a PNG logo, a PDF brochure and JPEG product images under server-made names', async () => {
    const files: FilePart[] = [
      { field: 'logo', content: PNG, filename: 'our logo.png', type: 'image/png' },
      { field: 'brochure', content: PDF, filename: 'brochure.pdf', type: 'application/pdf' },
      { field: 'productImages', content: JPEG, filename: 'front.jpg', type: 'image/jpeg' },
      { field: 'productImages', content: JPEG, filename: 'back.jpg', type: 'image/jpeg' },
    ];
    const response = await postStartup(t, form(), files);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = envelope(RegisteredAttendeeSchema).parse(response.json());

    const rows = await t.app.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.registrationId, data._id));
    const summary = rows
      .map((row) => `${row.purpose} ${row.originalName} ${row.mimeType} ${row.sizeBytes}`)
      .sort();
    expect(summary).toEqual([
      `brochure brochure.pdf application/pdf ${PDF.length}`,
      `logo our logo.png image/png ${PNG.length}`,
      `product_image back.jpg image/jpeg ${JPEG.length}`,
      `product_image front.jpg image/jpeg ${JPEG.length}`,
    ]);
    for (const row of rows) {
      // <yyyy>/<mm> of the app's clock, a UUID, and the extension of the sniffed type.
      expect(row.storedName).toMatch(/^2024\/09\/[0-9a-f-]{36}\.(png|pdf|jpg)$/);
      const stored = await readFile(path.join(uploadsDir, row.storedName));
      expect(sha256(stored)).toBe(row.sha256);
    }
    const logo = rows.find((row) => row.purpose === 'logo')!;
    expect(logo.sha256).toBe(sha256(PNG));
    expect(await filesBelow(uploadsDir)).toEqual(expect.arrayContaining(rows.map((row) => row.storedName)));
  });

  it('judges by content, not by the declared type or name', async () => {
    const response = await postStartup(t, form(), [
      { field: 'logo', content: PNG, filename: 'logo.bin', type: 'application/octet-stream' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = envelope(RegisteredAttendeeSchema).parse(response.json());
    const [row] = await t.app.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.registrationId, data._id));
    expect(row).toMatchObject({ mimeType: 'image/png', originalName: 'logo.bin' });
    expect(row!.storedName).toMatch(/\.png$/);
  });

  it('treats an empty file input as no file', async () => {
    const response = await postStartup(t, form(), [
      { field: 'logo', content: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = envelope(RegisteredAttendeeSchema).parse(response.json());
    expect(
      await t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.registrationId, data._id)),
    ).toEqual([]);
  });
});

describe('refused uploads leave nothing behind', () => {
  let before: Awaited<ReturnType<typeof state>>;
  beforeEach(async () => {
    before = await state();
  });

  const refusals: [string, FilePart[], number, string][] = [
    [
      'an HTML page named logo.png',
      [{ field: 'logo', content: HTML, filename: 'logo.png', type: 'image/png' }],
      415,
      'Logo must be a PNG, JPEG, WebP or GIF image.',
    ],
    [
      'plain text named logo.png',
      [
        {
          field: 'logo',
          content: Buffer.from('just some text, not an image'),
          filename: 'logo.png',
          type: 'image/png',
        },
      ],
      415,
      'Logo must be a PNG, JPEG, WebP or GIF image.',
    ],
    [
      'a Windows program named logo.png',
      [{ field: 'logo', content: EXE, filename: 'logo.png', type: 'image/png' }],
      415,
      'Logo must be a PNG, JPEG, WebP or GIF image.',
    ],
    [
      'a PNG named brochure.pdf',
      [{ field: 'brochure', content: PNG, filename: 'brochure.pdf', type: 'application/pdf' }],
      415,
      'Brochure must be a PDF document.',
    ],
    [
      'a PDF among the product images, after a valid one',
      [
        { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
        { field: 'productImages', content: JPEG, filename: 'a.jpg', type: 'image/jpeg' },
        { field: 'productImages', content: PDF, filename: 'b.jpg', type: 'image/jpeg' },
      ],
      415,
      'A product image must be a PNG, JPEG, WebP or GIF image.',
    ],
    [
      'a logo over 5 MB',
      [{ field: 'logo', content: bigPng(5 * MB + 1), filename: 'logo.png', type: 'image/png' }],
      413,
      'Logo is larger than 5 MB.',
    ],
    [
      'a brochure over 10 MB, cut short by the parser',
      [
        { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
        {
          field: 'brochure',
          content: Buffer.concat([PDF, Buffer.alloc(10 * MB + 1 - PDF.length, 0x20)]),
          filename: 'brochure.pdf',
          type: 'application/pdf',
        },
      ],
      413,
      'Brochure is larger than 10 MB.',
    ],
    [
      'more than 7 files',
      [
        { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
        { field: 'brochure', content: PDF, filename: 'brochure.pdf', type: 'application/pdf' },
        ...Array.from({ length: 6 }, (_, index) => ({
          field: index === 5 ? 'logo' : 'productImages',
          content: PNG,
          filename: `image${index}.png`,
          type: 'image/png',
        })),
      ],
      413,
      'Too many files: at most 7 per form.',
    ],
  ];

  for (const [name, files, status, message] of refusals) {
    it(`refuses ${name} with ${status}`, async () => {
      const response = await postStartup(t, form(), files);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ isOk: false, message });
      expect(await state()).toEqual(before);
    });
  }

  it('refuses a sixth product image, a second logo and a file in a text field with 400', async () => {
    const six = await postStartup(
      t,
      form(),
      Array.from({ length: 6 }, (_, index) => ({
        field: 'productImages',
        content: PNG,
        filename: `p${index}.png`,
        type: 'image/png',
      })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().errors).toEqual({ productImages: 'Upload at most 5 product images.' });

    const twoLogos = await postStartup(t, form(), [
      { field: 'logo', content: PNG, filename: 'a.png', type: 'image/png' },
      { field: 'logo', content: JPEG, filename: 'b.jpg', type: 'image/jpeg' },
    ]);
    expect(twoLogos.statusCode).toBe(400);
    expect(twoLogos.json().errors).toEqual({ logo: 'Upload one logo only.' });

    const stray = await postStartup(t, form(), [
      { field: 'email', content: PNG, filename: 'x.png', type: 'image/png' },
    ]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual({ email: 'This field does not take a file.' });
    expect(await state()).toEqual(before);
  });

  it('refuses too many form fields with 413', async () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`extra${index}`, 'x']));
    const response = await postStartup(t, { ...form(), ...extra }, [
      { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ isOk: false, message: 'Too many form fields.' });
    expect(await state()).toEqual(before);
  });

  it('deletes valid files when the form fields are invalid', async () => {
    const response = await postStartup(t, form({ email: 'not-an-email', StateID: '' }), [
      { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
      { field: 'brochure', content: PDF, filename: 'brochure.pdf', type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Invalid Email address!' });
    expect(await state()).toEqual(before);
  });

  it('deletes valid files when a database check fails', async () => {
    const response = await postStartup(t, form({ StateID: '' }), [
      { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ StateID: 'State is required' });
    expect(await state()).toEqual(before);
  });

  it('deletes valid files when the transaction fails (duplicate email)', async () => {
    const fields = form();
    expect((await postStartup(t, fields)).statusCode).toBe(200);
    const afterFirst = await state();

    const response = await postStartup(t, fields, [
      { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
      { field: 'productImages', content: JPEG, filename: 'p.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(409);
    expect(await state()).toEqual(afterFirst);
  });

  it('never takes a file description from a JSON body', async () => {
    const forged = {
      purpose: 'logo',
      originalName: 'hosts',
      mimeType: 'image/png',
      ext: 'png',
      sizeBytes: 10,
      sha256: sha256(PNG),
      path: '/etc/hosts',
      storedName: null,
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create/StartUpDetailsMaster',
      payload: { ...form(), logo: forged },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ logo: 'Upload a file' });
    expect(await state()).toEqual(before);
  });
});
