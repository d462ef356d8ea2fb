/**
 * FAQ entries in Gujarati and Hindi: the console writes translations beside the English (checked
 * by the English fields' own rules, audited, leaving the public cache stale for no one), and the
 * public FAQ carries them with edition fields filled in; an untranslated field is absent, so the
 * page shows the English. Organizers sign in for real (organizer-helpers.ts), on PGlite.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqListResponseSchema, type OrganizerRole } from '@festival/shared';
import { auditLog, faqItems } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  role: OrganizerRole = 'content',
) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: headersOf(signedIn, role),
    ...(payload ? { payload } : {}),
  });
}

async function publicItem(id: number) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/list/FaqMaster' });
  expect(response.statusCode, response.body).toBe(200);
  return FaqListResponseSchema.parse(response.json()).data.find((item) => item._id === id);
}

const GUJARATI = { question: 'શું ત્યાં Wi-Fi છે?', answer: 'હા, {{edition.venue}} પર મફત.' };

describe('FAQ translations', () => {
  it('are added with the entry, audited, and served publicly with edition fields filled in', async () => {
    const created = await call('POST', '/faq', {
      question: 'Is there Wi-Fi?',
      answer: 'Yes, free at {{edition.venue}}.',
      translations: { gu: GUJARATI, hi: { question: 'क्या वहाँ Wi-Fi है?', answer: '  ' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data as { id: number };
    // The blank Hindi answer is "not translated": it is not stored.
    expect(created.json().data.translations).toEqual({ gu: GUJARATI, hi: { question: 'क्या वहाँ Wi-Fi है?' } });
    const [row] = await t.app.db.select().from(faqItems).where(eq(faqItems.id, item.id));
    expect(row!.translations).toEqual({ gu: GUJARATI, hi: { question: 'क्या वहाँ Wi-Fi है?' } });

    const venue = (await call('GET', '/editions/current', undefined, 'owner')).json().data.venue as string;
    expect(await publicItem(item.id)).toEqual({
      _id: item.id,
      que: 'Is there Wi-Fi?',
      ans: `Yes, free at ${venue}.`,
      translations: {
        gu: { que: GUJARATI.question, ans: `હા, ${venue} પર મફત.` },
        hi: { que: 'क्या वहाँ Wi-Fi है?' },
      },
    });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'faq_item'), eq(auditLog.entityId, String(item.id))));
    expect(audit).toMatchObject({ action: 'faq_item.create', after: { translations: { gu: GUJARATI } } });
  });

  it('are changed by an edit, visible at once on the cached public list, and kept when an edit leaves them out', async () => {
    const created = await call('POST', '/faq', { question: 'Is lunch served?', answer: 'Yes.' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // Read once, so the public answer is cached before the edit.
    expect((await publicItem(id))?.translations).toEqual({});

    const edited = await call('PUT', `/faq/${id}`, {
      question: 'Is lunch served?',
      answer: 'Yes.',
      translations: { hi: { question: 'क्या दोपहर का भोजन मिलता है?', answer: 'हाँ।' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicItem(id))?.translations).toEqual({
      hi: { que: 'क्या दोपहर का भोजन मिलता है?', ans: 'हाँ।' },
    });

    const englishOnly = await call('PUT', `/faq/${id}`, {
      question: 'Is lunch served on both days?',
      answer: 'Yes.',
    });
    expect(englishOnly.statusCode, englishOnly.body).toBe(200);
    expect(englishOnly.json().data.translations).toEqual({
      hi: { question: 'क्या दोपहर का भोजन मिलता है?', answer: 'हाँ।' },
    });

    const cleared = await call('PUT', `/faq/${id}`, {
      question: 'Is lunch served on both days?',
      answer: 'Yes.',
      translations: { hi: { question: '', answer: '' } },
    });
    expect(cleared.json().data.translations).toEqual({});
    expect((await publicItem(id))?.translations).toEqual({});

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'faq_item'), eq(auditLog.entityId, String(id))));
    expect(audit.map((entry) => entry.action)).toEqual([
      'faq_item.create',
      'faq_item.update',
      'faq_item.update',
      'faq_item.update',
    ]);
    expect(audit[1]).toMatchObject({
      before: { translations: {} },
      after: { translations: { hi: { answer: 'हाँ।' } } },
    });
  });

  it('refuse a translation that breaks its English field’s rules, naming the language and field', async () => {
    const tooLong = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: { gu: { question: 'x'.repeat(301) }, hi: { answer: 'It is {{price}}.' } },
    });
    expect(tooLong.statusCode).toBe(400);
    // An answer keys a field's message by its top-level field; the message names the rest.
    expect(tooLong.json().errors).toEqual({
      translations: 'Gujarati question: Must be at most 300 characters',
    });
    const unknownField = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: { hi: { answer: 'It is {{price}}.' } },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toEqual({
      translations:
        'Hindi answer: Unknown field {{price}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    });
    const nul = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: { gu: { answer: 'a\u0000b' } },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual({
      translations: 'Gujarati answer: Must not contain NUL characters or unpaired surrogates',
    });
  });

  it('refuse a language the site does not translate into, and a field that is not translated', async () => {
    const french = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: { fr: { question: 'Parking ?' } },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({ translations: 'Translations must be in one of gu, hi' });
    const visible = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: { gu: { visible: 'false' } },
    });
    expect(visible.statusCode).toBe(400);
    expect(visible.json().errors).toEqual({
      translations: 'Gujarati: only question, answer can be translated',
    });
    const list = await call('POST', '/faq', {
      question: 'Parking?',
      answer: 'On the campus.',
      translations: [],
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors).toEqual({ translations: 'Translations must be an object' });
  });

  it('treat HTML as the English answer’s plain text: stored as written, served as text, never as markup', async () => {
    const markup = '<img src=x onerror="alert(1)"> Bring <b>ID</b>';
    const created = await call('POST', '/faq', {
      question: 'What should I bring?',
      answer: 'Your <b>ID</b>',
      translations: { gu: { answer: markup } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // The same as the English answer: the API answers JSON text, and /faq renders it as text
    // (e2e/faq-translations.spec.ts), so no element is ever made of it.
    expect(await publicItem(id)).toMatchObject({
      ans: 'Your <b>ID</b>',
      translations: { gu: { ans: markup } },
    });
  });
});
