import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqListResponseSchema } from '@festival/shared';
import { cmsPages, faqItems } from '../src/db/schema.js';
import { seed } from '../src/db/seed/index.js';
import { faqSeeds } from '../src/db/seed/content.js';
import { EVENT_2024 } from '../src/db/seed/data.js';
import { build, clockFrom, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

async function getFaq() {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/list/FaqMaster' });
  expect(response.statusCode, response.body).toBe(200);
  return FaqListResponseSchema.parse(response.json());
}

describe('GET /api/auth/list/FaqMaster', () => {
  it('lists the seeded questions in order with que and ans', async () => {
    const body = await getFaq();
    expect(body.isOk).toBe(true);
    expect(body.data.map((item) => item.que)).toEqual(
      faqSeeds.map((item) => item.question.replace('{{edition.name}}', EVENT_2024.name)),
    );
    expect(body.data.length).toBeGreaterThanOrEqual(10);
    const first = body.data[0]!;
    expect(first.que).toBe('When is Startup Fest Gujarat 2024?');
    expect(first.ans).toBe('The festival runs on 20–21 October 2024, 10:00 AM – 07:00 PM IST on both days.');
    const prices = body.data.find((item) => item.que.includes('passes'))!;
    // Prices live once, on the ticket types: the answer sends people to where they are shown.
    expect(prices.ans).toContain('/startup');
    expect(prices.ans).not.toMatch(/₹\s?\d/);
    const refunds = body.data.find((item) => item.que.includes('refund'))!;
    expect(refunds.ans).toContain('non-refundable');
    for (const item of body.data)
      expect(Object.keys(item).sort()).toEqual(['_id', 'ans', 'que', 'translations']);
  });

  it('orders by sortOrder and keeps an organiser edit when the seed runs again', async () => {
    const [refunds] = await t.app.db.select().from(faqItems).where(eq(faqItems.key, 'refunds'));
    await t.app.db
      .update(faqItems)
      .set({ answer: 'Edited by the organisers.', sortOrder: 0 })
      .where(eq(faqItems.id, refunds!.id));
    await seed(t.app.db, t.app.log, t.app.now());
    // Written behind the app's back, as an organizer's edit through the console would not be.
    await t.app.publicCache.invalidate();

    const body = await getFaq();
    expect(body.data).toHaveLength(faqSeeds.length);
    expect(body.data[0]).toEqual({
      _id: refunds!.id,
      que: 'Can I get a refund?',
      ans: 'Edited by the organisers.',
      translations: {},
    });
  });
});

describe('the seeded FAQ and about page on a fresh install', () => {
  it('speak of the edition the install sells, whatever the date', async () => {
    const later = await build({ now: clockFrom('2026-11-27T06:00:00Z') });
    try {
      const faq = FaqListResponseSchema.parse(
        (await later.app.inject({ method: 'GET', url: '/api/auth/list/FaqMaster' })).json(),
      );
      expect(faq.data[0]).toMatchObject({
        que: 'When is Startup Fest Gujarat 2027?',
        ans: 'The festival runs on 20–21 October 2027, 10:00 AM – 07:00 PM IST on both days.',
      });
      expect(faq.data.map((item) => `${item.que} ${item.ans}`).join(' ')).not.toContain('2024');
      const about = (
        await later.app.inject({ method: 'GET', url: '/api/auth/cms/get-content/about' })
      ).json();
      expect(about.data[0].title).toBe('About Startup Fest Gujarat 2027');
      expect(about.data[0].Content).toContain('20–21 October 2027, 10:00 AM – 07:00 PM');
      expect(about.data[0].Content).not.toContain('2024');
    } finally {
      await later.close();
    }
  });
});

describe('an install seeded before edition fields', () => {
  it('gets the fields in the FAQ and about page nobody edited, and keeps edited text', async () => {
    const old = await build({ now: clockFrom() });
    try {
      // As the seed wrote them about the 2024 edition, before it used edition fields.
      await old.app.db
        .update(faqItems)
        .set({
          question: 'When is Startup Fest Gujarat 2024?',
          answer: 'The festival runs on 20 and 21 October 2024, from 10:00 AM to 07:00 PM IST on both days.',
        })
        .where(eq(faqItems.key, 'dates-and-times'));
      await old.app.db
        .update(faqItems)
        .set({ answer: 'At Science City. Parking is on the campus.' })
        .where(eq(faqItems.key, 'venue-and-parking'));
      const about = await aboutPage(old);
      await old.app.db
        .update(cmsPages)
        .set({
          title: 'About Startup Fest Gujarat 2024',
          contentHtml: about.contentHtml
            .replaceAll('{{edition.name}}', 'Startup Fest Gujarat 2024')
            .replaceAll('{{edition.venue}}', EVENT_2024.venue)
            .replace(
              '{{edition.dates}}, {{edition.hours}}',
              '20 and 21 October 2024, from 10:00 AM to 07:00 PM',
            ),
        })
        .where(eq(cmsPages.slug, 'about'));

      await seed(old.app.db, old.app.log, old.app.now());

      const [dates] = await old.app.db.select().from(faqItems).where(eq(faqItems.key, 'dates-and-times'));
      expect(dates).toMatchObject({
        question: 'When is {{edition.name}}?',
        answer: 'The festival runs on {{edition.dates}}, {{edition.hours}} IST on both days.',
      });
      const [venue] = await old.app.db.select().from(faqItems).where(eq(faqItems.key, 'venue-and-parking'));
      expect(venue!.answer).toBe('At Science City. Parking is on the campus.');
      expect(await aboutPage(old)).toEqual(about);
    } finally {
      await old.close();
    }
  });
});

async function aboutPage(context: TestContext) {
  const [page] = await context.app.db
    .select({ title: cmsPages.title, contentHtml: cmsPages.contentHtml })
    .from(cmsPages)
    .where(eq(cmsPages.slug, 'about'));
  return page!;
}
