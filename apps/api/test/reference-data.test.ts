import { count, eq } from 'drizzle-orm';
import { getCountries } from 'libphonenumber-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategorySchema,
  CountrySchema,
  EventSchema,
  SiteConfigSchema,
  StageSchema,
  StateSchema,
  envelope,
} from '@festival/shared';
import { z } from 'zod';
import { contentItems, countries, events, states, ticketTypes } from '../src/db/schema.js';
import { seed } from '../src/db/seed/index.js';
import { getCurrentEvent } from '../src/modules/current-edition/repository.js';
import { build, clockFrom, type TestContext } from './helper.js';

let t: TestContext;

beforeAll(async () => {
  // A fresh install before 20 September 2024: the spec's edition is the only one, and current.
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

async function getList<T extends z.ZodType>(url: string, item: T) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=300');
  return envelope(z.array(item)).parse(response.json()).data;
}

async function indiaId(): Promise<number> {
  const list = await getList('/api/auth/location/country', CountrySchema);
  const india = list.find((country) => country.isoCode === 'IN');
  if (!india) throw new Error('India missing');
  return india._id;
}

describe('reference lists', () => {
  it('lists the industry categories, the 2024 theme sectors first', async () => {
    const list = await getList('/api/auth/list/categoryMaster', CategorySchema);
    expect(list.slice(0, 6).map((item) => item.categoryName)).toEqual([
      'Agri-Tech',
      'Food-Tech',
      'Rural Innovation',
      'Fin-Tech',
      'Rural Healthcare',
      'Edu-Tech',
    ]);
    expect(list.map((item) => item.categoryName)).toContain('Other');
  });

  it('lists the startup stages, earliest first', async () => {
    const list = await getList('/api/auth/list/StageOfStartup', StageSchema);
    expect(list.map((item) => item.StageOfStartup)).toEqual([
      'Ideation',
      'Validation',
      'Early Traction',
      'Scaling',
      'Growth',
    ]);
  });

  it('lists every dialable country with its ISD code, sorted by name', async () => {
    const list = await getList('/api/auth/location/country', CountrySchema);
    // libphonenumber-js regions minus the two without an ISO 3166 name (AC, TA).
    expect(list).toHaveLength(getCountries().length - 2);
    expect(list.find((country) => country.isoCode === 'IN')).toMatchObject({
      CountryName: 'India',
      isdCode: '+91',
    });
    expect(list.find((country) => country.isoCode === 'US')?.isdCode).toBe('+1');
    expect(list.find((country) => country.isoCode === 'GB')?.isdCode).toBe('+44');
    const names = list.map((country) => country.CountryName);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    expect(names[0]).toBe('Afghanistan');
  });

  it("lists India's 28 states and 8 union territories, sorted by name", async () => {
    const list = await getList(`/api/auth/location/statesByCountry/${await indiaId()}`, StateSchema);
    const names = list.map((state) => state.StateName);
    expect(names).toHaveLength(36);
    expect(names).toContain('Gujarat');
    expect(names).toContain('Ladakh');
    expect(names).toContain('Dadra and Nagar Haveli and Daman and Diu');
    expect(names[0]).toBe('Andaman and Nicobar Islands');
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
  });

  it('answers an empty list for a country without states', async () => {
    const [vatican] = await t.app.db.select().from(countries).where(eq(countries.isoCode, 'VA'));
    expect(vatican?.name).toBe('Holy See (Vatican City State)');
    expect(await getList(`/api/auth/location/statesByCountry/${vatican!.id}`, StateSchema)).toEqual([]);
  });

  it('answers 404 for an unknown country and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/location/statesByCountry/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ isOk: false, message: 'Country 999999 not found.' });

    const malformed = await t.app.inject({ method: 'GET', url: '/api/auth/location/statesByCountry/india' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ isOk: false });
  });

  it("serves the organisers' address from the configuration", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/site-config' });
    expect(response.statusCode).toBe(200);
    expect(envelope(SiteConfigSchema).parse(response.json()).data).toEqual({
      organizerEmail: t.config.ORGANIZER_EMAIL,
    });
  });
});

describe('current event', () => {
  it('serves the current edition the countdown counts to', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/event/current' });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope(EventSchema).parse(response.json()).data).toEqual({
      name: 'Startup Fest Gujarat 2024',
      startDate: '2024-10-20T04:30:00.000Z',
      endDate: '2024-10-21T13:30:00.000Z',
      venue: 'Gujarat Science City, Ahmedabad',
      venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City+Ahmedabad',
      videoUrl: null,
      editionNumber: 2,
      theme: 'Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship',
      translations: {},
      sectors: ['Agri-Tech', 'Food-Tech', 'Rural Innovation', 'Fin-Tech', 'Rural Healthcare', 'Edu-Tech'],
      stats: [
        { value: '1000+', label: 'Participants' },
        { value: '200+', label: 'Startups' },
        { value: '135+', label: 'Investors' },
        { value: '15000+', label: 'Visitors' },
      ],
      visitorRegistration: 'external',
      visitorRegistrationUrl: 'https://allevents.in/ahmedabad/startup-fest-gujarat',
      // The clock is in September 2024: the seed's ticket types are on sale until the festival ends.
      ended: false,
      sales: { state: 'open', opensAt: null, closesAt: '2024-10-21T13:30:00.000Z' },
      // Until the organizers enter their details the footer names nobody.
      organizer: { legalName: null, email: null, phone: null },
      // The seeded recap of season one, whose title the menu's highlights group carries.
      highlightsTitle: '2023 Highlights',
      // A fresh install shows the site's own samples until the owner removes the sample content.
      siteSamples: true,
    });
  });

  it('answers with the edition made current last once a new one is added', async () => {
    const context = await build({ now: clockFrom() });
    try {
      await context.app.db.insert(events).values({
        currentSince: context.app.now(),
        slug: '2025',
        name: 'Startup Fest Gujarat 2025',
        venue: 'Sample Venue, Ahmedabad',
        venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Ahmedabad',
        startsAt: new Date('2025-10-19T10:00:00+05:30'),
        endsAt: new Date('2025-10-20T19:00:00+05:30'),
        referencePrefix: 'SFG25',
        invoicePrefix: 'SFG',
      });
      await context.app.publicCache.invalidate();
      const response = await context.app.inject({ method: 'GET', url: '/api/auth/event/current' });
      const data = envelope(EventSchema).parse(response.json()).data;
      expect(data.name).toBe('Startup Fest Gujarat 2025');
      expect(data.startDate).toBe('2025-10-19T04:30:00.000Z');
    } finally {
      await context.close();
    }
  });
});

describe('seed', () => {
  it('creates the 2024 edition, alone, as the current event on a clock up to 20 September 2024', async () => {
    expect(await t.app.db.select({ slug: events.slug }).from(events)).toEqual([{ slug: '2024' }]);
    const event = await getCurrentEvent(t.app.db);
    expect(event).toMatchObject({
      slug: '2024',
      name: 'Startup Fest Gujarat 2024',
      venue: 'Gujarat Science City, Ahmedabad',
    });
    expect(event.startsAt.toISOString()).toBe('2024-10-20T04:30:00.000Z');
    expect(event.endsAt.toISOString()).toBe('2024-10-21T13:30:00.000Z');
  });

  it('creates the ticket types of every participant category, priced in paise', async () => {
    const rows = await t.app.db.select().from(ticketTypes);
    const summary = rows
      .map(
        (row) =>
          `${row.participantCategoryId} ${row.name} ${row.amount} ${row.listPrice ?? '-'} ${row.capacity} #${row.sortOrder}`,
      )
      .sort();
    expect(summary).toEqual([
      '1 Gold Stall Package 2500000 - 60 #1',
      '1 Platinum Stall Package 10000000 - 10 #2',
      '2 Gold Stall Package 2500000 - 60 #2',
      '2 Platinum Stall Package 10000000 - 10 #3',
      '2 Silver Stall Package 1000000 - 150 #1',
      '3 Investor Pass 100000 400000 300 #1',
      '4 Visitor Pass 10000 100000 15000 #1',
    ]);
    expect(rows.every((row) => row.salesEndAt === null)).toBe(true);
  });

  it('is idempotent and keeps an organiser’s changes', async () => {
    const tables = [countries, states, ticketTypes, events] as const;
    const before = await Promise.all(tables.map((table) => t.app.db.select({ value: count() }).from(table)));
    const [visitorPass] = await t.app.db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.name, 'Visitor Pass'));
    await t.app.db.update(ticketTypes).set({ capacity: 123 }).where(eq(ticketTypes.id, visitorPass!.id));

    await seed(t.app.db, t.app.log, t.app.now());
    await seed(t.app.db, t.app.log, t.app.now());

    const after = await Promise.all(tables.map((table) => t.app.db.select({ value: count() }).from(table)));
    expect(after).toEqual(before);
    const [again] = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.id, visitorPass!.id));
    expect(again!.capacity).toBe(123);
  });

  it('inserts states that are missing without duplicating the others', async () => {
    const [gujarat] = await t.app.db.select().from(states).where(eq(states.name, 'Gujarat'));
    const [before] = await t.app.db.select({ value: count() }).from(states);
    await t.app.db.delete(states).where(eq(states.id, gujarat!.id));

    await seed(t.app.db, t.app.log, t.app.now());

    const [after] = await t.app.db.select({ value: count() }).from(states);
    expect(after!.value).toBe(before!.value);
    const restored = await t.app.db.select().from(states).where(eq(states.name, 'Gujarat'));
    expect(restored).toHaveLength(1);
  });
});

describe('seed on a fresh install after the 2024 edition', () => {
  /** 27 November 2026, 11:30 IST: the first 20 October at least 30 days on is 2027's. */
  const installedAt = new Date('2026-11-27T06:00:00Z');
  let fresh: TestContext;
  let clock = installedAt;

  beforeAll(async () => {
    fresh = await build({ now: () => clock });
  });
  afterAll(async () => fresh?.close());

  const editions = () =>
    fresh.app.db
      .select({ id: events.id, slug: events.slug, currentSince: events.currentSince })
      .from(events)
      .orderBy(events.startsAt);

  it('sells the next October edition, current, with the spec’s facts and the seed’s ticket types', async () => {
    const current = await getCurrentEvent(fresh.app.db);
    expect(current).toMatchObject({
      slug: '2027',
      name: 'Startup Fest Gujarat 2027',
      venue: 'Gujarat Science City, Ahmedabad',
      editionNumber: 5,
      referencePrefix: 'SFG27',
      invoicePrefix: 'SFG',
      theme: 'Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship',
      sectors: ['Agri-Tech', 'Food-Tech', 'Rural Innovation', 'Fin-Tech', 'Rural Healthcare', 'Edu-Tech'],
      visitorRegistration: 'external',
      currentSince: installedAt,
    });
    expect(current.startsAt.toISOString()).toBe('2027-10-20T04:30:00.000Z');
    expect(current.endsAt.toISOString()).toBe('2027-10-21T13:30:00.000Z');
    expect(current.stats).toHaveLength(4);

    const types = await fresh.app.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, current.id));
    expect(types.map((type) => type.name).sort()).toEqual([
      'Gold Stall Package',
      'Gold Stall Package',
      'Investor Pass',
      'Platinum Stall Package',
      'Platinum Stall Package',
      'Silver Stall Package',
      'Visitor Pass',
    ]);
    expect(types.every((type) => type.salesStartAt === null && type.salesEndAt === null)).toBe(true);

    const answer = await fresh.app.inject({ method: 'GET', url: '/api/auth/event/current' });
    expect(envelope(EventSchema).parse(answer.json()).data).toMatchObject({
      name: 'Startup Fest Gujarat 2027',
      ended: false,
    });
  });

  it('keeps the 2024 edition as a past one, with its ticket types and the sample content', async () => {
    const [past, current] = await editions();
    expect(past).toMatchObject({ slug: '2024', currentSince: null });
    expect(current).toMatchObject({ slug: '2027' });
    const [pastTypes] = await fresh.app.db
      .select({ value: count() })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, past!.id));
    expect(pastTypes!.value).toBe(7);
    const owners = await fresh.app.db.selectDistinct({ eventId: contentItems.eventId }).from(contentItems);
    expect(owners).toEqual([{ eventId: past!.id }]);
  });

  it('adds no edition on a restart, even a year later', async () => {
    const before = await editions();
    const [typesBefore] = await fresh.app.db.select({ value: count() }).from(ticketTypes);
    clock = new Date('2027-12-01T06:00:00Z');
    await seed(fresh.app.db, fresh.app.log, fresh.app.now());
    await seed(fresh.app.db, fresh.app.log, fresh.app.now());
    expect(await editions()).toEqual(before);
    const [typesAfter] = await fresh.app.db.select({ value: count() }).from(ticketTypes);
    expect(typesAfter).toEqual(typesBefore);
  });
});
