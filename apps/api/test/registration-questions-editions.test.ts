/**
 * Registration questions per edition (issue 28 §3) against the real database: the organizer
 * lists, adds to and reorders the questions of an edition they choose (the current one
 * without one), edits another edition's question by its id, and creating the next edition with
 * the ticket types copies the questions in the same transaction, those asked of a ticket type
 * asked of its copy.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminQuestionListSchema,
  AdminQuestionSchema,
  ParticipantCategory,
  PublicQuestionSchema,
  type AdminQuestion,
  type CreateEditionInput,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, events, ticketTypes } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { referenceIds, type ReferenceIds } from './registration-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ids: ReferenceIds;
let currentId: number;
let pastId: number;
let gold: number;
let diet: AdminQuestion;
let cheque: AdminQuestion;
let deck: AdminQuestion;
let retiredOnly: AdminQuestion;
let dropped: AdminQuestion;

const as = (role: OrganizerRole) => headersOf(signedIn, role);

function send(method: 'POST' | 'PUT', url: string, payload: unknown, role: OrganizerRole = 'manager') {
  return t.app.inject({ method, url: `/api/admin${url}`, headers: as(role), payload: payload as object });
}

async function add(body: Record<string, unknown>, edition?: number): Promise<AdminQuestion> {
  const response = await send('POST', `/questions${edition ? `?editionId=${edition}` : ''}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return AdminQuestionSchema.parse(response.json().data);
}

async function list(edition?: number) {
  const response = await t.app.inject({
    url: `/api/admin/questions${edition ? `?editionId=${edition}` : ''}`,
    headers: as('finance'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return AdminQuestionListSchema.parse(response.json().data);
}

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  ids = await referenceIds(t);
  currentId = (await list()).editionId;
  const [past] = await t.app.db
    .insert(events)
    .values({
      name: 'Festival 2019',
      slug: 'festival-2019',
      startsAt: new Date('2019-10-01T04:00:00Z'),
      endsAt: new Date('2019-10-02T12:00:00Z'),
      venue: 'Old hall',
      venueMapUrl: 'https://maps.example/old-hall',
      referencePrefix: 'OLD19',
      invoicePrefix: 'OLD',
    })
    .returning();
  pastId = past!.id;
  gold = await ids.ticketOf(ParticipantCategory.Pitcher, 'Gold Stall Package');
  const retired = await insertTicketType(t.app.db, { name: 'Retired pass' });

  diet = await add({ label: 'Dietary preference', kind: 'choice', options: ['Veg', 'Jain'], required: true });
  cheque = await add({
    label: 'Will you write cheques?',
    kind: 'yes_no',
    participantCategoryId: ParticipantCategory.Investor,
  });
  deck = await add({ label: 'Pitch deck link', kind: 'text', ticketTypeId: gold });
  retiredOnly = await add({ label: 'Retired pass question', kind: 'text', ticketTypeId: retired });
  dropped = await add({ label: 'Parking?', kind: 'yes_no' });
  expect((await send('POST', `/questions/${dropped.id}/archive`, {})).statusCode).toBe(200);
  expect((await send('POST', `/ticket-types/${retired}/archive`, {})).statusCode).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('questions of a chosen edition', () => {
  it('lists the editions to switch between, the current one first, and the edition’s ticket types', async () => {
    const current = await list();
    expect(current.editions.map((edition) => edition.id)).toEqual([currentId, pastId]);
    expect(current.ticketTypes).toContainEqual({
      id: gold,
      name: 'Gold Stall Package',
      participantCategoryId: ParticipantCategory.Pitcher,
      archived: false,
    });
    expect(current.ticketTypes.find((type) => type.name === 'Retired pass')?.archived).toBe(true);
    const past = await list(pastId);
    expect(past).toMatchObject({ editionId: pastId, ticketTypes: [], items: [] });
    expect(past.editions).toEqual(current.editions);
  });

  it('adds to, reorders and edits the questions of the edition chosen, not the current one', async () => {
    const size = await add({ label: 'T-shirt size', kind: 'choice', options: ['M', 'L'] }, pastId);
    const heard = await add({ label: 'How did you hear of us?', kind: 'text' }, pastId);
    expect(size).toMatchObject({ editionId: pastId, position: 0 });
    expect(heard).toMatchObject({ editionId: pastId, position: 1 });
    expect((await list()).items.map((question) => question.id)).not.toContain(size.id);

    // The current edition's active questions are not this edition's order.
    const wrong = await send('POST', `/questions/order?editionId=${pastId}`, { ids: [diet.id] });
    expect(wrong.statusCode).toBe(400);
    const reordered = await send('POST', `/questions/order?editionId=${pastId}`, {
      ids: [heard.id, size.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(AdminQuestionListSchema.parse(reordered.json().data).items.map((q) => q.label)).toEqual([
      'How did you hear of us?',
      'T-shirt size',
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'registration_question.reorder'), eq(auditLog.entityId, `edition-${pastId}`)),
      );
    expect(audit?.after).toEqual({ order: [heard.id, size.id] });

    const edited = await send('PUT', `/questions/${size.id}`, {
      label: 'T-shirt size',
      kind: 'choice',
      options: ['S', 'M', 'L'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ editionId: pastId, options: ['S', 'M', 'L'] });
  });

  it('refuses the current edition’s ticket type for another edition, and an unknown edition', async () => {
    const other = await send('POST', `/questions?editionId=${pastId}`, {
      label: 'Deck',
      kind: 'text',
      ticketTypeId: gold,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ ticketTypeId: 'Choose a ticket type of this edition' });
    const unknown = await send('POST', '/questions?editionId=999999', { label: 'X', kind: 'text' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown edition');
    const finance = await send(
      'POST',
      `/questions?editionId=${pastId}`,
      { label: 'X', kind: 'text' },
      'finance',
    );
    expect(finance.statusCode).toBe(403);
  });
});

describe('the next edition', () => {
  const NEXT: CreateEditionInput = {
    name: 'Startup Fest Gujarat 2025',
    startsAt: '2025-10-20T10:00:00+05:30',
    endsAt: '2025-10-21T19:00:00+05:30',
    venue: 'Gujarat Science City, Ahmedabad',
    venueMapUrl: 'https://maps.example/science-city',
  };

  async function createEdition(body: CreateEditionInput) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/editions',
      headers: as('owner'),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  it('copies the active questions with the ticket types, a ticket’s question asked of its copy', async () => {
    const nextId = await createEdition(NEXT);
    const next = await list();
    expect(next.editionId).toBe(nextId);
    // The archived question and the one asked of an archived (so not copied) ticket type stay behind.
    expect(next.items.map((q) => [q.label, q.position, q.answers, q.archivedAt])).toEqual([
      ['Dietary preference', 0, 0, null],
      ['Will you write cheques?', 1, 0, null],
      ['Pitch deck link', 2, 0, null],
    ]);
    expect(next.items.every((q) => q.editionId === nextId)).toBe(true);
    expect(next.items[0]).toMatchObject({ kind: 'choice', options: ['Veg', 'Jain'], required: true });
    expect(next.items[1]?.participantCategoryId).toBe(ParticipantCategory.Investor);

    const [goldCopy] = await t.app.db
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, nextId), eq(ticketTypes.name, 'Gold Stall Package')));
    expect(goldCopy!.id).not.toBe(gold);
    expect(next.items[2]?.ticketTypeId).toBe(goldCopy!.id);
    const asked = await t.app.inject({
      url: `/api/registration-questions?participantCategoryId=${ParticipantCategory.Pitcher}&ticketId=${goldCopy!.id}`,
    });
    expect(
      PublicQuestionSchema.array()
        .parse(asked.json().data)
        .map((q) => q.label),
    ).toEqual(['Dietary preference', 'Pitch deck link']);

    // The old edition keeps its questions as they were.
    const old = await list(currentId);
    expect(old.items.map((q) => q.id)).toEqual([diet.id, cheque.id, deck.id, retiredOnly.id, dropped.id]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'edition.create'), eq(auditLog.entityId, String(nextId))));
    expect(audit?.after).toMatchObject({ ticketTypesCopied: expect.any(Number), questionsCopied: 3 });
  });

  it('starts with no questions when the ticket types are not copied', async () => {
    const bare = await createEdition({ ...NEXT, name: 'Startup Fest Gujarat 2026', copyTicketTypes: false });
    expect(await list()).toMatchObject({ editionId: bare, items: [], ticketTypes: [] });
  });
});
