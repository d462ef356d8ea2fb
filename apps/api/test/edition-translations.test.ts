/**
 * The edition's facts in Gujarati and Hindi: the console writes the name, venue and theme's
 * translations beside the English, and each headline figure's label inside the figure (checked
 * by the English fields' own rules, audited, kept when an edit leaves them out), and the public
 * edition answer carries them. Organizers sign in for real (organizer-helpers.ts), on PGlite.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema, envelope } from '@festival/shared';
import { auditLog } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

function call(method: 'GET' | 'PATCH', payload?: object) {
  return t.app.inject({
    method,
    url: '/api/admin/editions/current',
    headers: headersOf(signedIn, 'owner'),
    ...(payload ? { payload } : {}),
  });
}

async function publicEvent() {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/event/current' });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(EventSchema).parse(response.json()).data;
}

const GUJARATI = { name: 'સ્ટાર્ટઅપ ફેસ્ટ ગુજરાત', venue: 'ગુજરાત સાયન્સ સિટી, અમદાવાદ' };

describe('edition translations', () => {
  it('are stored beside the English, audited, and served publicly, the figures’ labels in each figure', async () => {
    const current = (await call('GET')).json().data as {
      id: number;
      stats: { value: string; label: string }[];
    };
    expect((await publicEvent()).translations).toEqual({});

    const [first, ...rest] = current.stats;
    const stats = [{ ...first!, translations: { gu: { label: 'સહભાગીઓ' }, hi: { label: ' ' } } }, ...rest];
    const edited = await call('PATCH', {
      translations: { gu: { ...GUJARATI, theme: '' }, hi: { theme: 'पिरामिड के आधार पर नवाचार' } },
      stats,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = { gu: GUJARATI, hi: { theme: 'पिरामिड के आधार पर नवाचार' } };
    expect(edited.json().data.translations).toEqual(stored);
    // A blank label is "not translated": the figure keeps only the Gujarati.
    expect(edited.json().data.stats[0]).toEqual({ ...first, translations: { gu: { label: 'સહભાગીઓ' } } });

    const shown = await publicEvent();
    expect(shown.translations).toEqual(stored);
    expect(shown.stats[0]).toEqual({ ...first, translations: { gu: { label: 'સહભાગીઓ' } } });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'edition'), eq(auditLog.action, 'edition.update')));
    expect(audit).toMatchObject({ before: { translations: {} }, after: { translations: stored } });

    // An edit of the English alone keeps them.
    const englishOnly = await call('PATCH', { venue: 'Gujarat Science City, Ahmedabad' });
    expect(englishOnly.statusCode, englishOnly.body).toBe(200);
    expect(englishOnly.json().data.translations).toEqual(stored);
  });

  it('refuse a translation that breaks its English field’s rules, naming the language and field', async () => {
    const tooLong = await call('PATCH', { translations: { hi: { venue: 'x'.repeat(201) } } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ translations: 'Hindi venue: Must be at most 200 characters' });

    const french = await call('PATCH', { translations: { fr: { name: 'Festival' } } });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({ translations: 'Translations must be in one of gu, hi' });

    const prefix = await call('PATCH', { translations: { gu: { invoicePrefix: 'SFG' } } });
    expect(prefix.statusCode).toBe(400);
    expect(prefix.json().errors).toEqual({
      translations: 'Gujarati: only name, venue, theme can be translated',
    });

    const label = await call('PATCH', {
      stats: [{ value: '1000+', label: 'Participants', translations: { gu: { label: 'x'.repeat(41) } } }],
    });
    expect(label.statusCode).toBe(400);
    expect(label.json().errors).toEqual({ stats: 'Gujarati label: Must be at most 40 characters' });
  });
});
