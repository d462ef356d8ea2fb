import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
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
    const summary = rows.map((row) => `${row.purpose} ${row.originalName} ${row.mimeType}`).sort();
    expect(summary).toEqual([
      'brochure brochure.pdf application/pdf',
      'logo our logo.png image/png',
      'product_image back.jpg image/jpeg',
      'product_image front.jpg image/jpeg',
    ]);
    for (const row of rows) {
      // <yyyy>/<mm> of the app's clock, a UUID, and the extension of the sniffed type.
      expect(row.storedName).toMatch(/^2024\/09\/[0-9a-f-]{36}\.(png|pdf|jpg)$/);
      const stored = await readFile(path.join(uploadsDir, row.storedName));
      expect(sha256(stored)).toBe(row.sha256);
      expect(stored.length).toBe(row.sizeBytes);
    }
    // A PDF is stored as sent; images are re-encoded, so their bytes are the server's.
    const brochure = rows.find((row) => row.purpose === 'brochure')!;
    expect(brochure.sha256).toBe(sha256(PDF));
    const logo = rows.find((row) => row.purpose === 'logo')!;
    const stored = await sharp(path.join(uploadsDir, logo.storedName)).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 1, height: 1 });
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

  const FIELD_OF_LABEL = [
    ['Logo', 'logo'],
    ['Brochure', 'brochure'],
    ['A product image', 'productImages'],
  ] as const;

  for (const [name, files, status, message] of refusals) {
    it(`refuses ${name} with ${status}`, async () => {
      const response = await postStartup(t, form(), files);
      expect(response.statusCode, response.body).toBe(status);
      // A refused file's message is also on its field, for the form to show it there.
      const field = FIELD_OF_LABEL.find(([label]) => message.startsWith(label))?.[1];
      expect(response.json()).toEqual({
        isOk: false,
        message,
        ...(field ? { errors: { [field]: message } } : {}),
      });
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

interface PdfExtras {
  /** Added to the catalog dictionary (an OpenAction, a Names tree). */
  catalog?: string;
  /** Added to every page dictionary (annotations). */
  page?: string;
  /** Further objects, numbered from `firstExtraId(pages)` on. */
  objects?: string[];
}

/** Object number of the first of `PdfExtras.objects` in a document of `pages` pages. */
const firstExtraId = (pages: number) => 4 + pages * 2;

/** A well-formed PDF (cross-reference table and trailer with exact offsets), one page per text. */
function pdfDocument(texts: string[], extras: PdfExtras = {}): Buffer {
  const fontId = 3 + texts.length * 2;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extras.catalog ?? ''}>>`,
    `<< /Type /Pages /Kids [${texts.map((_, index) => `${3 + index * 2} 0 R`).join(' ')}] /Count ${texts.length} >>`,
    ...texts.flatMap((text, index) => {
      const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + index * 2} 0 R ` +
          `/Resources << /Font << /F1 ${fontId} 0 R >> >> ${extras.page ?? ''}>>`,
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      ];
    }),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(extras.objects ?? []),
  ];
  let out = '%PDF-1.7\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('uploads cannot carry a payload', () => {
  let before: Awaited<ReturnType<typeof state>>;
  beforeEach(async () => {
    before = await state();
  });

  async function storedFile(response: Awaited<ReturnType<typeof postStartup>>, purpose: string) {
    expect(response.statusCode, response.body).toBe(200);
    const { data } = envelope(RegisteredAttendeeSchema).parse(response.json());
    const rows = await t.app.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.registrationId, data._id));
    const row = rows.find((candidate) => candidate.purpose === purpose)!;
    return { row, bytes: await readFile(path.join(uploadsDir, row.storedName)) };
  }

  const PNG_SIGNATURE = PNG.subarray(0, 8);

  it('refuses a PNG header followed by HTML and script with 415', async () => {
    const polyglot = Buffer.concat([PNG_SIGNATURE, HTML]);
    const withHeader = Buffer.concat([PNG.subarray(0, 33), HTML]);
    for (const content of [polyglot, withHeader]) {
      const response = await postStartup(t, form(), [
        { field: 'logo', content, filename: 'logo.png', type: 'image/png' },
      ]);
      expect(response.statusCode, response.body).toBe(415);
      const message = 'Logo must be a PNG, JPEG, WebP or GIF image.';
      expect(response.json()).toEqual({ isOk: false, message, errors: { logo: message } });
    }
    expect(await state()).toEqual(before);
  });

  it('stores a real image with HTML appended as its pixels only', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c05020' } })
      .png()
      .toBuffer();
    const response = await postStartup(t, form(), [
      { field: 'logo', content: Buffer.concat([image, HTML]), filename: 'logo.png', type: 'image/png' },
    ]);
    const { row, bytes } = await storedFile(response, 'logo');
    expect(bytes.includes('<script>')).toBe(false);
    expect(row.sizeBytes).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
  });

  it('stores a JPEG without its EXIF metadata (GPS location), upright', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2050c0' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'EXIF-MARKER-0451' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 4/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '72/1 35/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes('EXIF-MARKER-0451')).toBe(true);
    expect(sent.orientation).toBe(6);

    const response = await postStartup(t, form(), [
      { field: 'productImages', content: photo, filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
    const { row, bytes } = await storedFile(response, 'product_image');
    expect(row).toMatchObject({ mimeType: 'image/jpeg', sizeBytes: bytes.length, sha256: sha256(bytes) });
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // Orientation 6 (rotate 90° clockwise to view) is applied to the pixels before it is dropped.
    expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(bytes.includes('EXIF-MARKER-0451')).toBe(false);
  });

  it('refuses an image that would decode to more than 50 megapixels with 413 (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await postStartup(t, form(), [
      { field: 'logo', content: bomb, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(413);
    const message = 'Logo is larger than 50 megapixels.';
    expect(response.json()).toEqual({ isOk: false, message, errors: { logo: message } });
    expect(await state()).toEqual(before);
  });

  it('stores GIF and WebP images re-encoded in their own format', async () => {
    const square = () => sharp({ create: { width: 6, height: 6, channels: 3, background: '#20a060' } });
    const response = await postStartup(t, form(), [
      { field: 'logo', content: await square().gif().toBuffer(), filename: 'logo.gif', type: 'image/gif' },
      {
        field: 'productImages',
        content: await square().webp().toBuffer(),
        filename: 'p.webp',
        type: 'image/webp',
      },
    ]);
    const logo = await storedFile(response, 'logo');
    expect(logo.row).toMatchObject({ mimeType: 'image/gif', sizeBytes: logo.bytes.length });
    expect(await sharp(logo.bytes).metadata()).toMatchObject({ format: 'gif', width: 6, height: 6 });
    const product = await storedFile(response, 'product_image');
    expect(product.row).toMatchObject({ mimeType: 'image/webp', sizeBytes: product.bytes.length });
    expect(await sharp(product.bytes).metadata()).toMatchObject({ format: 'webp', width: 6, height: 6 });
  });

  it('keeps the frames of an animated GIF', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map(frame));
    const animation = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const response = await postStartup(t, form(), [
      { field: 'logo', content: animation, filename: 'logo.gif', type: 'image/gif' },
    ]);
    const { bytes } = await storedFile(response, 'logo');
    expect(await sharp(bytes, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      width: 30,
      pageHeight: 20,
      pages: 3,
    });
  });

  it('stores a valid PDF as sent', async () => {
    const brochure = pdfDocument(['Startup Fest brochure', 'Page two']);
    const response = await postStartup(t, form(), [
      { field: 'brochure', content: brochure, filename: 'brochure.pdf', type: 'application/pdf' },
    ]);
    const { row, bytes } = await storedFile(response, 'brochure');
    expect(row).toMatchObject({ mimeType: 'application/pdf', sizeBytes: brochure.length });
    expect(bytes.equals(brochure)).toBe(true);
  });

  const badPdfs: [string, Buffer, string][] = [
    [
      'a truncated PDF',
      pdfDocument(['Startup Fest brochure', 'Page two']).subarray(0, 300),
      'Brochure must be a PDF document.',
    ],
    [
      'a PDF header followed by garbage',
      Buffer.from('%PDF-1.7\ngarbage, not a document'),
      'Brochure must be a PDF document.',
    ],
    [
      'a PDF header followed by HTML',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]),
      'Brochure must be a PDF document.',
    ],
    [
      'a PDF that runs JavaScript when opened',
      pdfDocument(['Open me'], { catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> ' }),
      'Brochure must not contain scripts or attached files.',
    ],
    [
      'a PDF with a javascript: link',
      pdfDocument(['Click me'], {
        page: `/Annots [${firstExtraId(1)} 0 R] `,
        objects: [
          '<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>',
        ],
      }),
      'Brochure must not contain scripts or attached files.',
    ],
    [
      'a PDF with an embedded program',
      pdfDocument(['Open the attachment'], {
        catalog: `/Names << /EmbeddedFiles << /Names [(setup.exe) ${firstExtraId(1)} 0 R] >> >> `,
        objects: [
          `<< /Type /Filespec /F (setup.exe) /EF << /F ${firstExtraId(1) + 1} 0 R >> >>`,
          '<< /Length 2 >>\nstream\nMZ\nendstream',
        ],
      }),
      'Brochure must not contain scripts or attached files.',
    ],
  ];
  for (const [name, content, message] of badPdfs) {
    it(`refuses ${name} with 415`, async () => {
      const response = await postStartup(t, form(), [
        { field: 'brochure', content, filename: 'brochure.pdf', type: 'application/pdf' },
      ]);
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toEqual({ isOk: false, message, errors: { brochure: message } });
      expect(await state()).toEqual(before);
    });
  }
});
