/**
 * Registration questions (issue 28 §3) against the real database: the organizer adds, edits,
 * reorders, archives and deletes them (audited; a question with answers is archived, not
 * deleted); the forms load those of their category and ticket; the server checks the answers
 * and stores them with the registration; the console's detail and the registrations export
 * show them, one column per question.
 */
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminQuestionListSchema,
  AdminQuestionSchema,
  ParticipantCategory,
  PublicQuestionSchema,
  RegisteredAttendeeSchema,
  RegistrationDetailSchema,
  type AdminQuestion,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, events, registrationAnswers, registrations } from '../src/db/schema.js';
import { erasePersonalData } from '../src/modules/registrations/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import {
  investorForm,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ids: ReferenceIds;
let diet: AdminQuestion;
let sizes: AdminQuestion;
let heard: AdminQuestion;
let cheque: AdminQuestion;
let pitchDeck: AdminQuestion;

const as = (role: OrganizerRole) => headersOf(signedIn, role);

function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  role: OrganizerRole = 'manager',
) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: as(role),
    ...(payload ? { payload } : {}),
  });
}

async function add(body: Record<string, unknown>): Promise<AdminQuestion> {
  const response = await send('POST', '/questions', body);
  expect(response.statusCode, response.body).toBe(201);
  return AdminQuestionSchema.parse(response.json().data);
}

async function list(role: OrganizerRole = 'finance') {
  const response = await t.app.inject({ url: '/api/admin/questions', headers: as(role) });
  expect(response.statusCode, response.body).toBe(200);
  return AdminQuestionListSchema.parse(response.json().data);
}

async function asked(query: string) {
  const response = await t.app.inject({ url: `/api/registration-questions?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return PublicQuestionSchema.array().parse(response.json().data);
}

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  ids = await referenceIds(t);
  diet = await add({
    label: 'Dietary preference',
    helpText: 'For lunch on both days',
    kind: 'choice',
    options: ['Vegetarian', 'Jain', 'Non-vegetarian'],
    required: true,
  });
  sizes = await add({ label: 'T-shirt sizes', kind: 'multi_choice', options: ['S', 'M', 'L'] });
  heard = await add({ label: 'How did you hear about us?', kind: 'text' });
  cheque = await add({
    label: 'Will you write cheques this year?',
    kind: 'yes_no',
    required: true,
    participantCategoryId: ParticipantCategory.Investor,
  });
  pitchDeck = await add({
    label: 'Pitch deck link',
    kind: 'text',
    ticketTypeId: await ids.ticketOf(ParticipantCategory.Pitcher, 'Gold Stall Package'),
  });
}, 60_000);
afterAll(async () => t?.close());

describe('the organizer’s questions', () => {
  it('lists the edition’s questions in the order they were added, with their scope', async () => {
    const { items } = await list();
    expect(items.map((question) => [question.label, question.position, question.answers])).toEqual([
      ['Dietary preference', 0, 0],
      ['T-shirt sizes', 1, 0],
      ['How did you hear about us?', 2, 0],
      ['Will you write cheques this year?', 3, 0],
      ['Pitch deck link', 4, 0],
    ]);
    expect(items[3]).toMatchObject({
      participantCategoryId: ParticipantCategory.Investor,
      ticketTypeId: null,
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'registration_question.create'), eq(auditLog.entityId, String(diet.id))),
      );
    expect(audit?.after).toMatchObject({
      label: 'Dietary preference',
      options: ['Vegetarian', 'Jain', 'Non-vegetarian'],
    });
  });

  it('refuses a question that does not make sense, on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ label: '', kind: 'text' }, 'label', 'Enter the question'],
      [{ label: 'Size', kind: 'choice', options: ['M'] }, 'options', 'Give at least two options'],
      [{ label: 'Size', kind: 'choice', options: ['M', 'm'] }, 'options', 'Each option must be different'],
      [{ label: 'Name', kind: 'text', options: ['A', 'B'] }, 'options', 'Only choice questions have options'],
      [
        { label: 'Both', kind: 'text', participantCategoryId: 1, ticketTypeId: 1 },
        'ticketTypeId',
        'Ask a category or a ticket type, not both',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', '/questions', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('refuses a ticket type of another edition', async () => {
    const [other] = await t.app.db
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
    const response = await send('POST', '/questions', {
      label: 'Other',
      kind: 'text',
      ticketTypeId: 999_999,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ ticketTypeId: 'Choose a ticket type of this edition' });
    // Another edition's list is empty and names its edition; an unknown edition is a 404.
    const otherList = await t.app.inject({
      url: `/api/admin/questions?editionId=${other!.id}`,
      headers: as('owner'),
    });
    expect(otherList.json().data).toMatchObject({ editionId: other!.id, items: [] });
    const unknown = await t.app.inject({
      url: '/api/admin/questions?editionId=999999',
      headers: as('owner'),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets finance read but not change, and content editors do neither', async () => {
    expect((await send('POST', '/questions', { label: 'X', kind: 'text' }, 'finance')).statusCode).toBe(403);
    const content = await t.app.inject({ url: '/api/admin/questions', headers: as('content') });
    expect(content.statusCode).toBe(403);
  });

  it('edits, reorders, archives, restores and deletes an unanswered question, each audited', async () => {
    const draft = await add({ label: 'Parking needed?', kind: 'yes_no' });
    const edited = await send('PUT', `/questions/${draft.id}`, {
      label: 'Do you need parking?',
      kind: 'yes_no',
      required: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ label: 'Do you need parking?', required: true });

    const active = (await list()).items.filter((q) => q.archivedAt === null).map((q) => q.id);
    const wrong = await send('POST', '/questions/order', { ids: active.slice(1) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      ids: 'List every active question of this edition once, in the new order',
    });
    const reordered = await send('POST', '/questions/order', {
      ids: [draft.id, ...active.filter((id) => id !== draft.id)],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await list()).items[0]?.label).toBe('Do you need parking?');

    const archived = await send('POST', `/questions/${draft.id}/archive`);
    expect(archived.json().data.archivedAt).not.toBeNull();
    expect((await asked('participantCategoryId=4')).map((q) => q.id)).not.toContain(draft.id);
    const restored = await send('POST', `/questions/${draft.id}/restore`);
    expect(restored.json().data.archivedAt).toBeNull();

    expect((await send('DELETE', `/questions/${draft.id}`)).statusCode).toBe(200);
    expect((await list()).items.map((q) => q.id)).not.toContain(draft.id);
    const actions = (
      await t.app.db.select().from(auditLog).where(eq(auditLog.entityType, 'registration_question'))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'registration_question.update',
        'registration_question.reorder',
        'registration_question.archive',
        'registration_question.restore',
        'registration_question.delete',
      ]),
    );
    // Back to the order they were added in, for the tests below.
    await send('POST', '/questions/order', { ids: [diet.id, sizes.id, heard.id, cheque.id, pitchDeck.id] });
  });
});

describe('the forms’ questions', () => {
  it('asks everyone’s questions, the category’s, and the chosen ticket’s', async () => {
    const visitor = await asked('participantCategoryId=4');
    expect(visitor.map((q) => q.label)).toEqual([
      'Dietary preference',
      'T-shirt sizes',
      'How did you hear about us?',
    ]);
    expect(visitor[0]).toEqual({
      id: diet.id,
      kind: 'choice',
      label: 'Dietary preference',
      helpText: 'For lunch on both days',
      options: ['Vegetarian', 'Jain', 'Non-vegetarian'],
      required: true,
    });
    expect((await asked('participantCategoryId=3')).map((q) => q.id)).toContain(cheque.id);
    const pass = await ids.ticketOf(ParticipantCategory.Pitcher, 'Gold Stall Package');
    expect((await asked('participantCategoryId=1')).map((q) => q.id)).not.toContain(pitchDeck.id);
    expect((await asked(`participantCategoryId=1&ticketId=${pass}`)).map((q) => q.id)).toContain(
      pitchDeck.id,
    );
    const bad = await t.app.inject({ url: '/api/registration-questions?participantCategoryId=9' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('answers at registration', () => {
  it('refuses missing and invalid answers with a message on each question’s field, storing nothing', async () => {
    const missing = await postInvestor(t, investorForm(ids, { email: 'missing@fund.example' }));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual({
      [`answers.${diet.id}`]: 'Please answer this question',
      [`answers.${cheque.id}`]: 'Please answer this question',
    });
    const invalid = await postInvestor(
      t,
      investorForm(ids, {
        email: 'invalid@fund.example',
        answers: {
          [diet.id]: 'Vegan',
          [sizes.id]: ['M', 'XXL'],
          [heard.id]: 'x'.repeat(1001),
          [cheque.id]: 'maybe',
        },
      }),
    );
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(invalid.json().errors).toEqual({
      [`answers.${diet.id}`]: 'Choose one of the options',
      [`answers.${sizes.id}`]: 'Choose only from the options',
      [`answers.${heard.id}`]: 'Keep your answer under 1000 characters',
      [`answers.${cheque.id}`]: 'Choose Yes or No',
    });
    expect(await t.app.db.select().from(registrationAnswers)).toEqual([]);
  });

  it('stores the answers with the registration, and the console shows them in order', async () => {
    const response = await postInvestor(
      t,
      investorForm(ids, {
        answers: {
          [diet.id]: 'Jain',
          [sizes.id]: ['M', 'L'],
          [heard.id]: '  A friend  ',
          [cheque.id]: 'yes',
          // A question this form does not ask is left out.
          [pitchDeck.id]: 'https://deck.example',
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = RegisteredAttendeeSchema.parse(response.json().data)._id;
    const detail = await t.app.inject({ url: `/api/admin/registrations/${id}`, headers: as('finance') });
    expect(RegistrationDetailSchema.parse(detail.json().data).answers).toEqual([
      { questionId: diet.id, label: 'Dietary preference', kind: 'choice', answer: 'Jain' },
      { questionId: sizes.id, label: 'T-shirt sizes', kind: 'multi_choice', answer: 'M; L' },
      { questionId: heard.id, label: 'How did you hear about us?', kind: 'text', answer: 'A friend' },
      { questionId: cheque.id, label: 'Will you write cheques this year?', kind: 'yes_no', answer: 'Yes' },
    ]);
  });

  it('takes the startup form’s answers as one JSON field of the multipart body', async () => {
    const pass = await ids.ticketOf(ParticipantCategory.Pitcher, 'Gold Stall Package');
    const refused = await postStartup(t, startupForm(ids, { ticketId: String(pass), answers: '{}' }));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([`answers.${diet.id}`]);
    const response = await postStartup(
      t,
      startupForm(ids, {
        ticketId: String(pass),
        answers: JSON.stringify({ [diet.id]: 'Vegetarian', [pitchDeck.id]: 'https://deck.example/agri' }),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = RegisteredAttendeeSchema.parse(response.json().data)._id;
    const stored = await t.app.db
      .select()
      .from(registrationAnswers)
      .where(eq(registrationAnswers.registrationId, id));
    expect(stored.map((row) => row.value).sort()).toEqual(['Vegetarian', 'https://deck.example/agri']);

    // A colleague answers the questions of the company's category and ticket for themselves.
    const colleague = (answers: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/registrations/${id}/colleagues`,
        payload: {
          name: 'Ravi Patel',
          email: 'ravi@agrisense.example',
          countryCode: '+91',
          contactNo: '9876500000',
          answers,
        },
      });
    expect((await colleague({})).json().errors).toEqual({
      [`answers.${diet.id}`]: 'Please answer this question',
    });
    expect((await colleague({ [diet.id]: 'Non-vegetarian' })).statusCode).toBe(200);
  });

  it('keeps an answered question: its kind cannot change, it cannot be deleted, it can be archived', async () => {
    const retype = await send('PUT', `/questions/${diet.id}`, { label: 'Diet', kind: 'text' });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().message).toMatch(/answered this question, so its kind cannot change/);
    const remove = await send('DELETE', `/questions/${diet.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toMatch(/Archive it instead/);
    const archived = await send('POST', `/questions/${heard.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ answers: 1 });
  });
});

describe('the registrations export', () => {
  async function exported(format: 'csv' | 'xlsx') {
    const response = await t.app.inject({
      url: `/api/admin/exports/registrations?format=${format}&category=${ParticipantCategory.Investor}`,
      headers: as('finance'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it('has one column per question, headed by its label, archived answered ones too', async () => {
    const csv = (await exported('csv')).body.replace(/^\uFEFF/, '');
    const [header, row] = csv.trim().split('\n');
    expect(header).toMatch(
      /,Pass,Dietary preference,T-shirt sizes,How did you hear about us\?,Will you write cheques this year\?,Pitch deck link$/,
    );
    expect(row).toMatch(/,Jain,M; L,A friend,Yes,$/);
  });

  it('writes the same columns in XLSX', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array((await exported('xlsx')).rawPayload).buffer);
    const sheet = workbook.getWorksheet('Registrations')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = headers.indexOf('T-shirt sizes') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(column).value).toBe('M; L');
  });
});

describe('erasure', () => {
  it('deletes an erased registrant’s answers with the rest of their data', async () => {
    const [registration] = await t.app.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.email, 'vikram@seedfund.example'));
    await t.app.db.transaction((tx) => erasePersonalData(tx, t.app.jobs, 'vikram@seedfund.example'));
    const left = await t.app.db
      .select()
      .from(registrationAnswers)
      .where(eq(registrationAnswers.registrationId, registration!.id));
    expect(left).toEqual([]);
  });
});
