/**
 * Files on object storage: with S3_BUCKET the registrants' uploads and the console's images go
 * to the bucket, not DATA_DIR, and come back through the app with the same answers as from the
 * local directory (type, length, ETag, caching, attachment name, organizer roles, 404s);
 * erasing a registrant deletes their objects; a backup carries the objects the database names
 * and a restore puts them into a bucket again. The bucket is a real S3-compatible server over
 * HTTP (s3rver, on a free port with a temporary directory), read here with its own client.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletionRequestPageSchema, envelope, RegisteredAttendeeSchema } from '@festival/shared';
import { contentImages, uploadedFiles } from '../src/db/schema.js';
import { createS3FileStore, type FileStore } from '../src/lib/file-store.js';
import { readArchive } from '../src/modules/backups/archive.js';
import { backupsDir, restoreBackup, type RestoreTarget } from '../src/modules/backups/service.js';
import { requestDeletion } from '../src/modules/self-service/data-rights.js';
import { registrantActor } from '../src/modules/self-service/sign-in.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { createEmptyDatabase } from './throwaway-database.js';
import {
  filesBelow,
  multipart,
  PDF,
  PNG,
  postStartup,
  referenceIds,
  startupForm,
} from './registration-helpers.js';

const BUCKET = 'festival-files';
/** s3rver accepts these and no others. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let serverDir: string;
let bucket: S3Client;
let t: TestContext;
const cookies = new Map<string, string>();

const as = (role: string) => ({ cookie: cookies.get(role)!, origin: ORIGIN });

let endpoint: string;
const cleanUp: (() => Promise<unknown>)[] = [];

/** Every key in the bucket `name`, sorted. */
async function objectKeys(name = BUCKET): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: name }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBytes(key: string, name = BUCKET): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: name, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

beforeAll(async () => {
  serverDir = await mkdtemp(path.join(os.tmpdir(), 'festival-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
  t = await build({
    now: clockFrom(),
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  for (const role of ['owner', 'finance', 'content', 'gate'] as const) {
    cookies.set(role, (await signedInOrganizer(t.app, role, role !== 'gate')).cookie);
  }
}, 120_000);

afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
  await t?.close();
  bucket?.destroy();
  await server?.close();
  await rm(serverDir, { recursive: true, force: true });
});

describe('registrants’ uploads in the bucket', () => {
  it('stores them as objects, serves them to organizers byte for byte, and erasure deletes them', async () => {
    const ids = await referenceIds(t);
    const email = 'asha@agrisense.example';
    const registered = await postStartup(t, startupForm(ids, { email }), [
      { field: 'logo', content: PNG, filename: 'agrisense logo.png', type: 'image/png' },
      { field: 'brochure', content: PDF, filename: 'Brochure – 2024.pdf', type: 'application/pdf' },
    ]);
    expect(registered.statusCode, registered.body).toBe(200);
    const registrationId = RegisteredAttendeeSchema.parse(registered.json().data)._id;
    const rows = await t.app.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.registrationId, registrationId));
    expect(rows).toHaveLength(2);

    // In the bucket under uploads/<stored name>, nothing left in DATA_DIR (staging is emptied).
    const keys = rows.map((row) => `uploads/${row.storedName}`).sort();
    expect(await objectKeys()).toEqual(keys);
    expect(await filesBelow(path.join(t.dataDir, 'uploads'))).toEqual([]);
    const brochure = rows.find((row) => row.purpose === 'brochure')!;
    expect((await objectBytes(`uploads/${brochure.storedName}`)).equals(PDF)).toBe(true);

    // Downloaded through the app as from the local directory.
    const download = await t.app.inject({ url: `/api/admin/uploads/${brochure.id}`, headers: as('finance') });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF.length));
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Brochure ? 2024.pdf"; filename*=UTF-8''Brochure%20%E2%80%93%202024.pdf`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(brochure.sha256);

    const logo = rows.find((row) => row.purpose === 'logo')!;
    const logoUrl = `/api/admin/uploads/${logo.id}`;
    const image = await t.app.inject({ url: logoUrl, headers: as('owner') });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(await objectBytes(`uploads/${logo.storedName}`))).toBe(true);
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ url: logoUrl, headers: as('gate') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: logoUrl, headers: as('content') })).statusCode).toBe(403);

    // The registrant asks to be erased; an owner carries it out; the job deletes the objects.
    await requestDeletion(t.app.db, registrantActor(email, '10.7.0.4'), t.app.now());
    const open = await t.app.inject({
      url: '/api/admin/deletion-requests?status=open',
      headers: as('owner'),
    });
    const [request] = envelope(DeletionRequestPageSchema).parse(open.json()).data.items;
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deletion-requests/${request!.id}/erase`,
      headers: as('owner'),
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await settleJobs(t.app);
    expect(await objectKeys()).toEqual([]);
    expect((await t.app.inject({ url: logoUrl, headers: as('owner') })).statusCode).toBe(404);
  });

  it('answers 404 when a row’s object is missing from the bucket', async () => {
    const ids = await referenceIds(t);
    const registered = await postStartup(t, startupForm(ids, { email: 'ravi@soilsense.example' }), [
      { field: 'logo', content: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(registered.statusCode, registered.body).toBe(200);
    const registrationId = RegisteredAttendeeSchema.parse(registered.json().data)._id;
    const [row] = await t.app.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.registrationId, registrationId));
    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `uploads/${row!.storedName}` }));
    const response = await t.app.inject({ url: `/api/admin/uploads/${row!.id}`, headers: as('owner') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ isOk: false, message: 'File not found' });
  });
});

describe('the console’s images in the bucket', () => {
  it('stores an uploaded image as an object and serves it publicly with the same headers', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const body = await multipart({}, [
      { field: 'image', content: photo, filename: 'me.jpg', type: 'image/jpeg' },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/images',
      ...body,
      headers: { ...body.headers, ...as('content') },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json().data as { url: string };
    expect(url).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}\.jpg$/);

    const [key] = (await objectKeys()).filter((name) => name.startsWith('content-images/'));
    expect(key).toMatch(/^content-images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(await filesBelow(path.join(t.dataDir, 'content-images'))).toEqual([]);
    const stored = await objectBytes(key!);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(stored.length));
    expect(served.headers.etag).toBe(`"${createHash('sha256').update(stored).digest('hex')}"`);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);

    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('backups with the files in the bucket', () => {
  it('carry the objects the database names, and a restore puts them into a bucket again', async () => {
    const ids = await referenceIds(t);
    const registered = await postStartup(t, startupForm(ids, { email: 'mira@farmfresh.example' }), [
      { field: 'brochure', content: PDF, filename: 'brochure.pdf', type: 'application/pdf' },
    ]);
    expect(registered.statusCode, registered.body).toBe(200);

    const taken = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: as('owner') });
    expect(taken.statusCode, taken.body).toBe(201);
    const archive = path.join(backupsDir(t.dataDir), (taken.json().data as { name: string }).name);
    const unpacked = await mkdtemp(path.join(os.tmpdir(), 'festival-s3-archive-'));
    cleanUp.push(() => rm(unpacked, { recursive: true, force: true }));
    const manifest = await readArchive(archive, unpacked);

    // Every row's file: those in the bucket byte for byte, the ones removed above listed as missing.
    const named = [
      ...(await t.app.db.select().from(uploadedFiles)).map((row) => `uploads/${row.storedName}`),
      ...(await t.app.db.select().from(contentImages)).map((row) => `content-images/${row.storedName}`),
    ].sort();
    const inBucket = await objectKeys();
    const archived = manifest.members
      .map((member) => member.path)
      .filter((name) => name.startsWith('files/'))
      .map((name) => name.slice('files/'.length))
      .sort();
    expect(archived).toEqual(named.filter((key) => inBucket.includes(key)));
    expect(archived.length).toBeGreaterThan(0);
    expect(manifest.filesFrom).toBe('s3');
    expect(manifest.missingFiles?.sort()).toEqual(named.filter((key) => !inBucket.includes(key)));
    for (const key of archived) {
      expect((await readFile(path.join(unpacked, 'files', key))).equals(await objectBytes(key)), key).toBe(
        true,
      );
    }

    // Restored into an empty installation whose files live in another bucket.
    const restoredBucket = 'festival-restored';
    await bucket.send(new CreateBucketCommand({ Bucket: restoredBucket }));
    const files: FileStore = createS3FileStore({
      bucket: restoredBucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...KEYS,
    });
    cleanUp.push(async () => files.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-s3-restored-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const empty = await createEmptyDatabase('s3restored');
    if (empty) cleanUp.push(() => empty.drop());
    const target: RestoreTarget = empty
      ? { driver: 'postgres', url: empty.url, dataDir, files }
      : { driver: 'pglite', dataDir, files };
    const result = await restoreBackup(archive, target, { force: false, now: new Date() });
    expect(result.filesIntoBucket).toBe(archived.length);
    expect(await objectKeys(restoredBucket)).toEqual(archived);
    for (const key of archived) {
      expect((await objectBytes(key, restoredBucket)).equals(await objectBytes(key)), key).toBe(true);
    }
    const [brochure] = archived.filter((key) => key.endsWith('.pdf'));
    const object = await bucket.send(new GetObjectCommand({ Bucket: restoredBucket, Key: brochure }));
    expect(object.ContentType).toBe('application/pdf');
    expect(await filesBelow(path.join(dataDir, 'uploads'))).toEqual([]);
  }, 120_000);
});
