/**
 * Answers to the registration questions changed after registration (issue 28 §3), against the
 * real database: an organizer (owner or manager) from the console, the attendee or the buyer of
 * their order from the manage page, under the forms' own rules and messages (a required
 * question stays required), audited without the answers' text; the manage page's changes close
 * when the edition ends.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminQuestionSchema,
  AttendeeAnswersSchema,
  CheckoutResponseSchema,
  ManageOverviewSchema,
  RegisteredAttendeeSchema,
  RegistrationDetailSchema,
  type AdminQuestion,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, registrationAnswers } from '../src/db/schema.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import {
  investorForm,
  outbox,
  postInvestor,
  referenceIds,
  type ReferenceIds,
} from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ids: ReferenceIds;
let clock = new Date('2024-09-15T06:00:00Z');
let diet: AdminQuestion;
let sizes: AdminQuestion;
let heard: AdminQuestion;
let cheque: AdminQuestion;
let investor: string;
let address = 0;

const as = (role: OrganizerRole) => headersOf(signedIn, role);

async function add(body: Record<string, unknown>): Promise<AdminQuestion> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/questions',
    headers: as('manager'),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return AdminQuestionSchema.parse(response.json().data);
}

const consoleAnswers = (id: string, answers?: Record<string, unknown>, role: OrganizerRole = 'manager') =>
  t.app.inject({
    method: answers ? 'PUT' : 'GET',
    url: `/api/admin/registrations/${id}/answers`,
    headers: as(role),
    ...(answers ? { payload: { answers } } : {}),
  });

const manageAnswers = (headers: Record<string, string>, id: string, answers: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/self-service/attendees/${id}/answers`,
    headers,
    payload: { answers },
  });

/** A manage session for `email` through the emailed sign-in link; answers its bearer headers. */
async function manageSession(email: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/link',
    payload: { email },
    remoteAddress: `10.8.0.${++address}`,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  await settleJobs(t.app);
  const mail = (await outbox(t.dataDir, t.app))
    .filter(
      (message) => JSON.stringify(message.to).includes(email) && message.subject?.includes('sign-in link'),
    )
    .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
    .at(-1);
  const token = /\/manage#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/session',
    payload: { token },
  });
  expect(session.statusCode, session.body).toBe(200);
  return { authorization: `Bearer ${session.json().data.sessionToken as string}` };
}

async function overview(headers: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/self-service/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return ManageOverviewSchema.parse(response.json().data);
}

async function auditRows(id: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'registration.update_answers'), eq(auditLog.entityId, id)));
}

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
  ids = await referenceIds(t);
  diet = await add({ label: 'Dietary preference', kind: 'choice', options: ['Veg', 'Jain'], required: true });
  sizes = await add({ label: 'T-shirt sizes', kind: 'multi_choice', options: ['S', 'M', 'L'] });
  heard = await add({ label: 'How did you hear about us?', kind: 'text' });
  cheque = await add({
    label: 'Will you write cheques?',
    kind: 'yes_no',
    required: true,
    participantCategoryId: 3,
  });
  const registered = await postInvestor(
    t,
    investorForm(ids, {
      answers: { [diet.id]: 'Jain', [sizes.id]: ['M'], [heard.id]: 'A friend', [cheque.id]: 'yes' },
    }),
  );
  expect(registered.statusCode, registered.body).toBe(200);
  investor = RegisteredAttendeeSchema.parse(registered.json().data)._id;
}, 60_000);
afterAll(async () => t?.close());

describe('an organizer changing answers in the console', () => {
  it('reads the questions asked of the attendee with their stored answers', async () => {
    const response = await consoleAnswers(investor, undefined, 'finance');
    expect(response.statusCode, response.body).toBe(200);
    const sheet = AttendeeAnswersSchema.parse(response.json().data);
    expect(sheet.questions.map((question) => question.id)).toEqual([diet.id, sizes.id, heard.id, cheque.id]);
    expect(sheet.values).toEqual({
      [diet.id]: 'Jain',
      [sizes.id]: ['M'],
      [heard.id]: 'A friend',
      [cheque.id]: 'yes',
    });
    expect(sheet.others).toEqual([]);
  });

  it('refuses answers the forms refuse, with their messages, changing nothing', async () => {
    const response = await consoleAnswers(investor, {
      [diet.id]: 'Vegan',
      [sizes.id]: ['XXL'],
      [heard.id]: 'x'.repeat(1001),
      [cheque.id]: '',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({
      [`answers.${diet.id}`]: 'Choose one of the options',
      [`answers.${sizes.id}`]: 'Choose only from the options',
      [`answers.${heard.id}`]: 'Keep your answer under 1000 characters',
      [`answers.${cheque.id}`]: 'Please answer this question',
    });
    const bad = await consoleAnswers(investor, { abc: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await auditRows(investor)).toEqual([]);
  });

  it('changes and clears answers, audited with which questions changed and never what they say', async () => {
    const response = await consoleAnswers(investor, {
      [diet.id]: 'Veg',
      [sizes.id]: [],
      [heard.id]: 'A friend',
      [cheque.id]: 'yes',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(AttendeeAnswersSchema.parse(response.json().data).values).toEqual({
      [diet.id]: 'Veg',
      [heard.id]: 'A friend',
      [cheque.id]: 'yes',
    });
    const [audit, ...more] = await auditRows(investor);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      organizerEmail: signedIn.get('manager')!.organizer.email,
      entityType: 'registration',
      before: {
        answers: [
          { questionId: diet.id, label: 'Dietary preference', answered: true },
          { questionId: sizes.id, label: 'T-shirt sizes', answered: true },
        ],
      },
      after: {
        answers: [
          { questionId: diet.id, label: 'Dietary preference', answered: true },
          { questionId: sizes.id, label: 'T-shirt sizes', answered: false },
        ],
      },
    });
    expect(JSON.stringify(audit)).not.toMatch(/Veg|Jain/);

    // The same answers again change nothing and write no audit row.
    const again = await consoleAnswers(investor, {
      [diet.id]: 'Veg',
      [heard.id]: 'A friend',
      [cheque.id]: 'yes',
    });
    expect(again.statusCode).toBe(200);
    expect(await auditRows(investor)).toHaveLength(1);

    const detail = await t.app.inject({ url: `/api/admin/registrations/${investor}`, headers: as('owner') });
    expect(RegistrationDetailSchema.parse(detail.json().data).answers.map((a) => a.answer)).toEqual([
      'Veg',
      'A friend',
      'Yes',
    ]);
  });

  it('keeps the answer to a question archived since, shown apart and left as it is', async () => {
    const archived = await t.app.inject({
      method: 'POST',
      url: `/api/admin/questions/${heard.id}/archive`,
      headers: as('manager'),
    });
    expect(archived.statusCode).toBe(200);
    const response = await consoleAnswers(investor, {
      [diet.id]: 'Veg',
      [cheque.id]: 'no',
      [heard.id]: 'Changed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = AttendeeAnswersSchema.parse(response.json().data);
    expect(sheet.questions.map((q) => q.id)).toEqual([diet.id, sizes.id, cheque.id]);
    expect(sheet.others).toEqual([
      { questionId: heard.id, label: 'How did you hear about us?', kind: 'text', answer: 'A friend' },
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/questions/${heard.id}/restore`,
      headers: as('manager'),
    });
  });

  it('lets owners and managers change answers, finance only read them, and answers 404 for nobody', async () => {
    expect((await consoleAnswers(investor, { [diet.id]: 'Veg' }, 'finance')).statusCode).toBe(403);
    expect(
      (await consoleAnswers(investor, { [diet.id]: 'Veg', [cheque.id]: 'no' }, 'owner')).statusCode,
    ).toBe(200);
    const unknown = await consoleAnswers('00000000-0000-4000-8000-000000000000', { [diet.id]: 'Veg' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the manage page', () => {
  let buyer: string;
  let colleague: string;
  const buyerEmail = 'answers-buyer@example.com';
  const colleagueEmail = 'answers-colleague@example.com';

  beforeAll(async () => {
    [buyer, colleague] = (await insertAttendees(t.app.db, 2, {
      email: (index) => [buyerEmail, colleagueEmail][index]!,
    })) as [string, string];
    const ticketId = await insertTicketType(t.app.db);
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, [buyer, colleague], ticketId)).json(),
    );
    await payWithSandbox(t.app, order.id);
  });

  it('shows the buyer every attendee’s answers of their order, a colleague only their own', async () => {
    const asBuyer = await overview(await manageSession(buyerEmail));
    const seen = (id: string) => asBuyer.attendees.find((attendee) => attendee.id === id);
    expect(seen(colleague)).toMatchObject({ canEditAnswers: true, answers: { values: {} } });
    expect(seen(colleague)?.answers?.questions.map((q) => q.id)).toEqual([
      diet.id,
      sizes.id,
      heard.id,
      cheque.id,
    ]);

    const asColleague = await overview(await manageSession(colleagueEmail));
    const own = asColleague.attendees.find((attendee) => attendee.id === colleague);
    const theBuyer = asColleague.attendees.find((attendee) => attendee.id === buyer);
    expect(own).toMatchObject({ canEditAnswers: true });
    expect(theBuyer).toMatchObject({ answers: null, canEditAnswers: false });
  });

  it('lets the buyer answer for a colleague, with the forms’ messages, and not a colleague for the buyer', async () => {
    const headers = await manageSession(buyerEmail);
    const missing = await manageAnswers(headers, colleague, { [sizes.id]: ['S'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      [`answers.${diet.id}`]: 'Please answer this question',
      [`answers.${cheque.id}`]: 'Please answer this question',
    });
    const saved = await manageAnswers(headers, colleague, {
      [diet.id]: 'Jain',
      [cheque.id]: 'no',
      [sizes.id]: ['S'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.app.db
      .select()
      .from(registrationAnswers)
      .where(eq(registrationAnswers.registrationId, colleague));
    expect(Object.fromEntries(stored.map((row) => [row.questionId, row.value]))).toEqual({
      [diet.id]: 'Jain',
      [sizes.id]: ['S'],
      [cheque.id]: 'no',
    });
    const [audit] = await auditRows(colleague);
    expect(audit).toMatchObject({ organizerId: 'registrant', organizerEmail: buyerEmail });

    const asColleague = await manageSession(colleagueEmail);
    const notTheirs = await manageAnswers(asColleague, buyer, { [diet.id]: 'Veg', [cheque.id]: 'no' });
    expect(notTheirs.statusCode).toBe(403);
    const stranger = await manageAnswers(asColleague, investor, { [diet.id]: 'Veg', [cheque.id]: 'no' });
    expect(stranger.statusCode).toBe(403);
    const own = await manageAnswers(asColleague, colleague, { [diet.id]: 'Veg', [cheque.id]: 'no' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('puts the answers in the person’s data export', async () => {
    const exported = await t.app.inject({
      url: '/api/self-service/export',
      headers: await manageSession(colleagueEmail),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().data.registrations[0].answers).toEqual([
      { questionId: diet.id, label: 'Dietary preference', kind: 'choice', answer: 'Veg' },
      { questionId: cheque.id, label: 'Will you write cheques?', kind: 'yes_no', answer: 'No' },
    ]);
  });

  it('closes the answers when the edition ends; organizers can still change them', async () => {
    clock = new Date('2024-10-21T13:30:00Z');
    const headers = await manageSession(colleagueEmail);
    const seen = (await overview(headers)).attendees.find((attendee) => attendee.id === colleague);
    expect(seen).toMatchObject({ canEditAnswers: false, answers: { values: { [diet.id]: 'Veg' } } });
    const closed = await manageAnswers(headers, colleague, { [diet.id]: 'Jain', [cheque.id]: 'no' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The festival is over, so answers can no longer be changed.');
    expect((await consoleAnswers(colleague, { [diet.id]: 'Jain', [cheque.id]: 'no' })).statusCode).toBe(200);
  });
});
