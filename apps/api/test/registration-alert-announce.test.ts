/**
 * The announcement of the "Tell me when registration opens" list under load and races: on a
 * list longer than one statement of jobs, two organizers pressing at once queue one email per
 * address between them, and an address erased after the announcement, before its email is
 * sent, gets none. This app runs no job workers, so the queue shows what was queued; the
 * emails themselves are the other file's (registration-alerts.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnounceRegistrationOpenResultSchema, envelope } from '@festival/shared';
import { registrationAlerts } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { erasePersonalData, sendRegistrationOpen } from '../src/modules/registration-alerts/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';

let t: TestContext;
const cookies: { owner?: string; manager?: string } = {};

beforeAll(async () => {
  // 15 September 2024: the seeded edition's passes are on sale.
  t = await build({ now: clockFrom(), jobs: { work: false } });
  cookies.owner = (await signedInOrganizer(t.app, 'owner')).cookie;
  cookies.manager = (await signedInOrganizer(t.app, 'manager')).cookie;
}, 60_000);
afterAll(async () => t?.close());

/** More addresses than one statement of `enqueueMany` holds (1,000). */
const LIST_LENGTH = 2_500;

function announce(cookie: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/registration-alerts/announce',
    headers: { origin: ORIGIN, cookie: cookie! },
  });
}

/** The alert ids of the queued `registration-alert-open-email` jobs, one entry per job. */
async function queuedAlertIds(): Promise<number[]> {
  const result = await t.app.db.execute(
    sql`select (data->>'alertId')::int as id from pgboss.job where name = 'registration-alert-open-email'`,
  );
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}

describe('announcing a long list', () => {
  it('queues one email per address between two organizers pressing at once', async () => {
    const createdAt = new Date('2024-09-01T06:00:00Z');
    await t.app.db.insert(registrationAlerts).values(
      Array.from({ length: LIST_LENGTH }, (_, index) => ({
        email: `waiting${index}@example.com`,
        createdAt,
      })),
    );

    const answers = await Promise.all([announce(cookies.owner), announce(cookies.manager)]);
    const emailed = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return envelope(AnnounceRegistrationOpenResultSchema).parse(answer.json()).data.emailed;
    });
    expect(emailed[0]! + emailed[1]!).toBe(LIST_LENGTH);

    const queued = await queuedAlertIds();
    expect(queued).toHaveLength(LIST_LENGTH);
    const rows = await t.app.db.select().from(registrationAlerts);
    expect(new Set(queued)).toEqual(new Set(rows.map((row) => row.id)));
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);

    const again = await announce(cookies.owner);
    expect(envelope(AnnounceRegistrationOpenResultSchema).parse(again.json()).data.emailed).toBe(0);
    expect(await queuedAlertIds()).toHaveLength(LIST_LENGTH);
  }, 60_000);
});

describe('an address erased after the announcement', () => {
  it('gets no email when its job runs', async () => {
    const [kept, erased] = ['kept@example.com', 'erased@example.com'];
    const createdAt = new Date('2024-09-02T06:00:00Z');
    const inserted = await t.app.db
      .insert(registrationAlerts)
      .values([kept, erased].map((email) => ({ email, createdAt })))
      .returning({ id: registrationAlerts.id });
    const answer = await announce(cookies.manager);
    expect(envelope(AnnounceRegistrationOpenResultSchema).parse(answer.json()).data.emailed).toBe(2);
    const ids = inserted.map((row) => row.id);
    expect((await queuedAlertIds()).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());

    expect(await t.app.db.transaction((tx) => erasePersonalData(tx, erased))).toBe(1);
    // What the job's handler does with each queued payload (registration-alerts/jobs.ts).
    const deps = {
      db: t.app.db,
      mailer: t.app.mailer,
      log: t.app.log,
      organizerEmail: t.config.ORGANIZER_EMAIL,
      siteUrl: t.config.publicUrl,
    };
    for (const alertId of ids) await sendRegistrationOpen(deps, alertId);

    const mails = await outbox(t.dataDir);
    const to = (address: string) => mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
    expect(to(kept).map((mail) => mail.subject)).toEqual(['Registration is open: Startup Fest Gujarat 2024']);
    expect(to(erased)).toEqual([]);
  });
});
