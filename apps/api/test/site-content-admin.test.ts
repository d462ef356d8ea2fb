/**
 * Site content and editions in the organizer console:
 * the FAQ, CMS pages and content collections edited, hidden, reordered and audited, images
 * uploaded through the re-encoding store and served publicly, the public answers with ETags;
 * the current edition edited, the next one created and made current, and checkout refusing to
 * sell once the current edition has ended. Organizers sign in for real (organizer-helpers.ts).
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION_CLOSED_MESSAGE, type OrganizerRole } from '@festival/shared';
import { auditLog, ticketTypes } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { declaredRoles, headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { EXE, HTML, multipart } from './registration-helpers.js';
import { checkout, insertAttendees, seededTicketId } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let clock = new Date('2024-09-01T06:30:00Z');
const as = (role: OrganizerRole) => headersOf(signedIn, role);

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, role: OrganizerRole = 'content', payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: as(role),
    ...(payload ? { payload } : {}),
  });
}

async function auditRows(entityType: string, entityId: string | number) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));
}

describe('roles', () => {
  it('lets owners, managers and content organizers change content, and only owners and managers editions', () => {
    for (const [method, url] of [
      ['POST', '/api/admin/faq'],
      ['PUT', '/api/admin/faq/order'],
      ['PUT', '/api/admin/pages/:id'],
      ['POST', '/api/admin/content/:collection'],
      ['POST', '/api/admin/content/images'],
    ]) {
      expect(declaredRoles(t.app, method!, url!), url).toEqual(['owner', 'manager', 'content']);
    }
    expect(declaredRoles(t.app, 'PATCH', '/api/admin/editions/current')).toEqual(['owner', 'manager']);
    expect(declaredRoles(t.app, 'POST', '/api/admin/editions')).toEqual(['owner', 'manager']);
  });
});

describe('FAQ', () => {
  const publicFaq = async () =>
    (await t.app.inject({ url: '/api/auth/list/FaqMaster' })).json().data as {
      _id: number;
      que: string;
      ans: string;
    }[];

  it('adds, edits, hides and reorders entries; the public list shows the visible ones in order', async () => {
    const before = (await call('GET', '/faq')).json().data as { id: number }[];
    expect(before.length).toBeGreaterThan(3);

    const created = await call('POST', '/faq', 'content', {
      question: '  Is there Wi-Fi? ',
      answer: 'Yes, free.',
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ question: 'Is there Wi-Fi?', visible: true, position: before.length + 1 });

    const edited = await call('PUT', `/faq/${item.id}`, 'content', {
      question: 'Is there Wi-Fi at the venue?',
      answer: 'Yes.',
    });
    expect(edited.json().data).toMatchObject({ question: 'Is there Wi-Fi at the venue?', answer: 'Yes.' });
    expect((await publicFaq()).at(-1)).toMatchObject({ _id: item.id, que: 'Is there Wi-Fi at the venue?' });

    // The new entry first, the first seeded one hidden.
    const ids = [item.id, ...before.map((row) => row.id)];
    const reordered = await call('PUT', '/faq/order', 'manager', { ids });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    const hidden = await call('PUT', `/faq/${before[0]!.id}/visibility`, 'content', { visible: false });
    expect(hidden.json().data.visible).toBe(false);

    const shown = await publicFaq();
    expect(shown[0]!._id).toBe(item.id);
    expect(shown.map((row) => row._id)).not.toContain(before[0]!.id);
    expect((await call('GET', '/faq')).json().data).toHaveLength(ids.length);

    const audit = await auditRows('faq_item', item.id);
    expect(audit.map((row) => row.action)).toEqual(['faq_item.create', 'faq_item.update']);
    expect(audit[1]!.before).toMatchObject({ question: 'Is there Wi-Fi?' });
    expect(audit[1]!.after).toMatchObject({ question: 'Is there Wi-Fi at the venue?' });
    expect((await auditRows('faq_item', before[0]!.id))[0]).toMatchObject({
      action: 'faq_item.hide',
      before: { visible: true },
      after: { visible: false },
    });
  });

  it('refuses an order that leaves an entry out, a blank question and an unknown entry', async () => {
    const all = (await call('GET', '/faq')).json().data as { id: number }[];
    const partial = await call('PUT', '/faq/order', 'content', { ids: all.slice(1).map((row) => row.id) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.ids).toMatch(/reload/);
    const blank = await call('POST', '/faq', 'content', { question: ' ', answer: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.question).toBe('Question is required');
    expect((await call('PUT', '/faq/999999', 'content', { question: 'q', answer: 'a' })).statusCode).toBe(
      404,
    );
  });

  it('fills edition fields from the current edition, follows its change, and refuses unknown fields', async () => {
    const created = await call('POST', '/faq', 'content', {
      question: 'Where is {{edition.name}}?',
      answer: 'On {{ edition.dates }} at {{edition.venue}}.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const shown = async () => (await publicFaq()).find((item) => item._id === id);
    const edition = (await call('GET', '/editions/current', 'owner')).json().data as {
      name: string;
      venue: string;
    };
    expect(await shown()).toMatchObject({
      que: `Where is ${edition.name}?`,
      ans: `On 20–21 October 2024 at ${edition.venue}.`,
    });
    // The console keeps what the organizer wrote.
    expect(
      (await call('GET', '/faq')).json().data.find((item: { id: number }) => item.id === id),
    ).toMatchObject({
      answer: 'On {{ edition.dates }} at {{edition.venue}}.',
    });
    const moved = await call('PATCH', '/editions/current', 'owner', { venue: 'GMDC Ground, Ahmedabad' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await shown())?.ans).toBe('On 20–21 October 2024 at GMDC Ground, Ahmedabad.');
    await call('PATCH', '/editions/current', 'owner', { venue: edition.venue });

    const unknown = await call('POST', '/faq', 'content', { question: 'Price?', answer: 'It is {{price}}.' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.answer).toBe(
      'Unknown field {{price}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    );
  });

  it('is not for finance or gate', async () => {
    expect((await call('GET', '/faq', 'finance')).statusCode).toBe(403);
    expect((await call('POST', '/faq', 'gate', { question: 'q', answer: 'a' })).statusCode).toBe(403);
  });
});

describe('CMS pages', () => {
  it('lists the about and nominee pages and stores edited HTML sanitised', async () => {
    const pages = (await call('GET', '/pages')).json().data as { id: number; kind: string; path: string }[];
    const about = pages.find((page) => page.kind === 'about')!;
    expect(about.path).toBe('/about');
    expect(pages.filter((page) => page.kind === 'nominee').length).toBeGreaterThanOrEqual(4);

    const saved = await call('PUT', `/pages/${about.id}`, 'content', {
      title: 'About the festival',
      html: '<h2>Hello</h2><p onclick="steal()">Welcome<script>alert(1)</script></p><img src="javascript:x">',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.html).toBe('<h2>Hello</h2><p>Welcome</p><img />');

    const publicPage = await t.app.inject({ url: '/api/auth/cms/get-content/about' });
    expect(publicPage.json().data[0]).toMatchObject({
      title: 'About the festival',
      Content: '<h2>Hello</h2><p>Welcome</p><img />',
    });
    const [audit] = await auditRows('cms_page', about.id);
    expect(audit).toMatchObject({
      action: 'cms_page.update',
      after: { html: '<h2>Hello</h2><p>Welcome</p><img />' },
    });
    expect((audit!.before as { title: string }).title).not.toBe('About the festival');
  });

  it('fills edition fields in a page, HTML-escaped, and refuses unknown ones', async () => {
    const pages = (await call('GET', '/pages')).json().data as {
      id: number;
      kind: string;
      title: string;
      html: string;
    }[];
    const about = pages.find((page) => page.kind === 'about')!;
    const original = (await call('GET', `/pages/${about.id}`)).json().data as { title: string; html: string };
    const edition = (await call('GET', '/editions/current', 'owner')).json().data as { venue: string };
    await call('PATCH', '/editions/current', 'owner', { venue: 'Hall <A> & B' });
    const saved = await call('PUT', `/pages/${about.id}`, 'content', {
      title: 'About the festival of {{edition.year}}',
      html: '<p>See you at {{edition.venue}}.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const publicPage = (await t.app.inject({ url: '/api/auth/cms/get-content/about' })).json().data[0];
    expect(publicPage).toMatchObject({
      title: 'About the festival of 2024',
      Content: '<p>See you at Hall &lt;A&gt; &amp; B.</p>',
    });
    const unknown = await call('PUT', `/pages/${about.id}`, 'content', {
      title: 'About',
      html: '<p>{{edition.price}} and {{x}}</p>',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.html).toBe(
      'Unknown fields {{edition.price}}, {{x}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    );
    await call('PATCH', '/editions/current', 'owner', { venue: edition.venue });
    await call('PUT', `/pages/${about.id}`, 'content', { title: original.title, html: original.html });
  });

  it('renames the highlights page, and the menu the edition answer carries follows at once', async () => {
    const pages = (await call('GET', '/pages')).json().data as { id: number; kind: string; path: string }[];
    const highlights = pages.find((page) => page.kind === 'highlights')!;
    expect(highlights.path).toBe('/highlights');
    const seeded = await t.app.inject({ url: '/api/auth/cms/get-content/highlights' });
    expect(seeded.json().data[0].title).toBe('2023 Highlights');
    expect(seeded.json().data[0].Content).toContain('What happened in 2023');
    expect((await t.app.inject({ url: '/api/auth/event/current' })).json().data.highlightsTitle).toBe(
      '2023 Highlights',
    );

    const saved = await call('PUT', `/pages/${highlights.id}`, 'content', {
      title: '2024 Highlights',
      html: '<p>The second edition in numbers.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/event/current' })).json().data.highlightsTitle).toBe(
      '2024 Highlights',
    );
    expect(
      (await t.app.inject({ url: '/api/auth/cms/get-content/highlights' })).json().data[0],
    ).toMatchObject({
      title: '2024 Highlights',
      Content: '<p>The second edition in numbers.</p>',
    });
  });

  it('creates a nominee page in an award category that voters can open at /cms/{id}', async () => {
    const [category] = (await call('GET', '/award-categories', 'manager')).json().data;
    const uncategorised = await call('POST', '/pages', 'manager', { title: 'Gram Solar', html: '' });
    expect(uncategorised.statusCode).toBe(400);
    expect(uncategorised.json().errors).toEqual({ awardCategoryId: 'Choose an award category' });
    const created = await call('POST', '/pages', 'manager', {
      title: 'Gram Solar',
      html: '<p>Solar pumps</p>',
      awardCategoryId: category.id,
    });
    expect(created.statusCode).toBe(201);
    const page = created.json().data;
    expect(page).toMatchObject({
      kind: 'nominee',
      slug: 'nominee-gram-solar',
      path: `/cms/${page.id}`,
      awardCategory: {
        id: category.id,
        name: category.name,
        edition: 'Startup Fest Gujarat 2024',
        current: true,
      },
    });
    const again = await call('POST', '/pages', 'manager', {
      title: 'Gram Solar',
      html: '',
      awardCategoryId: category.id,
    });
    expect(again.json().data.slug).toBe('nominee-gram-solar-2');
    const shown = await t.app.inject({ url: `/api/auth/startup-cms/get-content/${page.id}` });
    expect(shown.json().data).toMatchObject({ title: 'Gram Solar', Content: '<p>Solar pumps</p>' });
  });
});

describe('content collections', () => {
  const publicList = (collection: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/content/${collection}`, headers });

  async function upload(content: Buffer, filename = 'photo.png', type = 'image/png') {
    const body = await multipart({}, [{ field: 'image', content, filename, type }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/content/images',
      ...body,
      headers: { ...body.headers, ...as('content') },
    });
  }

  it('serves the seeded samples in order, marked as samples, with an ETag', async () => {
    const first = await publicList('speakers');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const speakers = first.json().data;
    expect(speakers).toHaveLength(11);
    expect(speakers[0]).toMatchObject({
      name: 'Sample Speaker 1',
      group: 'speakers',
      sample: true,
      image: { src: '/images/speakers/sample-speaker-1.svg', width: 240, height: 240 },
    });
    const again = await publicList('speakers', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const [collection, size] of [
      ['sponsors', 22],
      ['startups', 37],
      ['participants', 22],
      ['activities', 12],
      ['event-flow', 9],
    ] as const) {
      expect((await publicList(collection)).json().data, collection).toHaveLength(size);
    }
    expect((await publicList('nope')).statusCode).toBe(400);
  });

  it('uploads a photo re-encoded without metadata and serves it publicly, cached for good', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret location' } } })
      .toBuffer();
    const uploaded = await upload(photo, 'me.jpg', 'image/jpeg');
    expect(uploaded.statusCode).toBe(201);
    const image = uploaded.json().data;
    expect(image).toMatchObject({ width: 64, height: 48 });
    expect(image.url).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}\.jpg$/);

    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect((await auditRows('content_image', image.url.slice(20, 56)))[0]?.action).toBe(
      'content_image.upload',
    );

    expect((await upload(HTML, 'x.png')).statusCode).toBe(415);
    expect((await upload(EXE, 'x.png')).statusCode).toBe(415);
    expect(
      (await t.app.inject({ url: '/api/content/images/00000000-0000-4000-8000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
  });

  it('adds, edits, hides, reorders and deletes a speaker; the public list follows at once', async () => {
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = (await upload(photo)).json().data;
    const before = await publicList('speakers');
    const created = await call('POST', '/content/speakers', 'content', {
      name: 'Dr. Meera Joshi',
      caption: 'Scaling rural clinics',
      group: 'mentors',
      image: { url: image.url, width: image.width, height: image.height, alt: 'Portrait of Dr. Meera Joshi' },
    });
    expect(created.statusCode).toBe(201);
    const speaker = created.json().data;
    expect(speaker).toMatchObject({ collection: 'speakers', sample: false, visible: true, position: 12 });

    const changed = await publicList('speakers', { 'if-none-match': String(before.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.at(-1)).toMatchObject({ name: 'Dr. Meera Joshi', image: { src: image.url } });

    const edited = await call('PUT', `/content/speakers/${speaker.id}`, 'manager', {
      name: 'Dr. Meera Joshi',
      caption: 'Rural clinics at scale',
      group: 'speakers',
      image: { url: image.url, width: 300, height: 300, alt: 'Portrait of Dr. Meera Joshi' },
    });
    expect(edited.json().data).toMatchObject({ caption: 'Rural clinics at scale', group: 'speakers' });

    const all = (await call('GET', '/content/speakers')).json().data as { id: number }[];
    const order = [speaker.id, ...all.filter((row) => row.id !== speaker.id).map((row) => row.id)];
    expect((await call('PUT', '/content/speakers/order', 'content', { ids: order })).statusCode).toBe(200);
    expect((await publicList('speakers')).json().data[0].name).toBe('Dr. Meera Joshi');

    await call('PUT', `/content/speakers/${speaker.id}/visibility`, 'content', { visible: false });
    expect((await publicList('speakers')).json().data.map((row: { id: number }) => row.id)).not.toContain(
      speaker.id,
    );
    // Another collection does not know the entry.
    expect(
      (await call('PUT', `/content/sponsors/${speaker.id}/visibility`, 'content', { visible: true }))
        .statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/content/speakers/${speaker.id}`, 'content')).statusCode).toBe(200);
    const audit = await auditRows('content_item', speaker.id);
    expect(audit.map((row) => row.action)).toEqual([
      'content_item.create',
      'content_item.update',
      'content_item.hide',
      'content_item.delete',
    ]);
    expect(audit[1]).toMatchObject({
      before: { caption: 'Scaling rural clinics' },
      after: { caption: 'Rural clinics at scale' },
    });
    expect(audit[3]!.after).toBeNull();
  });

  it('checks each collection’s rules', async () => {
    const noGroup = await call('POST', '/content/speakers', 'content', {
      name: 'No group',
      caption: 'Topic',
      group: 'keynotes',
      image: { url: '/images/speakers/sample-speaker-1.svg', width: 240, height: 240, alt: 'x' },
    });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().errors.group).toMatch(/speakers, mentors, moderators/);
    const noImage = await call('POST', '/content/sponsors', 'content', { name: 'Acme' });
    expect(noImage.json().errors.image).toBe('Upload an image');
    const unknownUpload = await call('POST', '/content/sponsors', 'content', {
      name: 'Acme',
      image: {
        url: '/api/content/images/00000000-0000-4000-8000-000000000000.png',
        width: 1,
        height: 1,
        alt: 'Acme',
      },
    });
    expect(unknownUpload.json().errors.image).toBe('Upload the image again');
    const foreign = await call('POST', '/content/sponsors', 'content', {
      name: 'Acme',
      image: { url: 'https://evil.example/x.png', width: 1, height: 1, alt: 'Acme' },
    });
    expect(foreign.statusCode).toBe(400);
    const startup = await call('POST', '/content/startups', 'content', {
      name: 'GramSolar',
      linkUrl: 'https://gramsolar.example',
    });
    expect(startup.statusCode).toBe(201);
  });
});

describe('editions', () => {
  const currentEvent = async () => (await t.app.inject({ url: '/api/auth/event/current' })).json().data;

  it('edits the current edition; the public event and its ETag follow', async () => {
    const before = await t.app.inject({ url: '/api/auth/event/current' });
    expect(before.json().data).toMatchObject({ ended: false, videoUrl: null });
    const saved = await call('PATCH', '/editions/current', 'manager', {
      venue: 'GMDC Ground, Ahmedabad',
      videoUrl: 'https://www.youtube-nocookie.com/embed/abc123',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ venue: 'GMDC Ground, Ahmedabad', ended: false });
    const after = await t.app.inject({
      url: '/api/auth/event/current',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({
      venue: 'GMDC Ground, Ahmedabad',
      videoUrl: 'https://www.youtube-nocookie.com/embed/abc123',
    });
    const [audit] = await auditRows('edition', saved.json().data.id);
    expect(audit).toMatchObject({
      action: 'edition.update',
      before: { venue: 'Gujarat Science City, Ahmedabad' },
      after: { venue: 'GMDC Ground, Ahmedabad' },
    });

    const backwards = await call('PATCH', '/editions/current', 'owner', {
      endsAt: '2024-10-19T10:00:00+05:30',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsAt).toBe('The end must be after the start');
    expect((await call('PATCH', '/editions/current', 'content', { venue: 'X' })).statusCode).toBe(403);
  });

  it('saves the edition’s number, theme, sectors, figures, visitor registration and prefixes', async () => {
    const fields = {
      editionNumber: 3,
      theme: 'Deep tech for farms',
      sectors: ['Agri-Tech', 'Climate'],
      stats: [{ value: '300+', label: 'Startups' }],
      visitorRegistration: 'external',
      visitorRegistrationUrl: 'https://tickets.example.org/visit',
      referencePrefix: 'sfg25',
      invoicePrefix: 'SF',
    };
    const saved = await call('PATCH', '/editions/current', 'owner', fields);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ ...fields, referencePrefix: 'SFG25' });
    expect((await t.app.inject({ url: '/api/auth/event/current' })).json().data).toMatchObject({
      editionNumber: 3,
      theme: 'Deep tech for farms',
      sectors: ['Agri-Tech', 'Climate'],
      stats: [{ value: '300+', label: 'Startups' }],
      visitorRegistration: 'external',
      visitorRegistrationUrl: 'https://tickets.example.org/visit',
    });

    // Dropping the listing's address while visitors are still sent there is refused.
    const noListing = await call('PATCH', '/editions/current', 'owner', { visitorRegistrationUrl: null });
    expect(noListing.statusCode).toBe(400);
    expect(noListing.json().errors.visitorRegistrationUrl).toBe('Enter the listing address (https://…)');
  });

  it('refuses checkout once the current edition has ended, and the site says it has ended', async () => {
    const [attendee] = await insertAttendees(t.app.db, 1);
    const ticket = await seededTicketId(t.app.db, 3, 'Investor Pass');
    clock = new Date('2024-10-21T13:30:00Z');
    try {
      const refused = await checkout(t.app, [attendee!], ticket);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(EDITION_CLOSED_MESSAGE);
      expect((await currentEvent()).ended).toBe(true);
    } finally {
      clock = new Date('2024-09-01T06:30:00Z');
    }
  });

  it('creates the next edition with copies of the ticket types and makes it current', async () => {
    clock = new Date('2024-11-01T06:30:00Z');
    const created = await call('POST', '/editions', 'owner', {
      name: 'Startup Fest Gujarat 2025',
      startsAt: '2025-10-18T10:00:00+05:30',
      endsAt: '2025-10-19T19:00:00+05:30',
      venue: 'Gujarat Science City, Ahmedabad',
      venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City',
    });
    expect(created.statusCode).toBe(201);
    const edition = created.json().data;
    expect(edition).toMatchObject({ slug: 'startup-fest-gujarat-2025', ended: false, videoUrl: null });
    expect(await currentEvent()).toMatchObject({ name: 'Startup Fest Gujarat 2025', ended: false });
    const copied = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, edition.id));
    expect(copied.map((row) => row.name)).toContain('Investor Pass');
    expect(copied.every((row) => row.salesEndAt === null)).toBe(true);

    // Sales go on for the new edition.
    const [attendee] = await insertAttendees(t.app.db, 1);
    const investorPass = copied.find((row) => row.name === 'Investor Pass')!;
    expect((await checkout(t.app, [attendee!], investorPass.id)).statusCode).toBe(200);
    expect((await call('GET', '/editions/current', 'finance')).json().data.id).toBe(edition.id);
  });
});
