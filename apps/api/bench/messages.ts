/**
 * A message to a festival's worth of attendees (issue 28 §1: "a festival of 2,000 attendees can
 * be messaged"): 2,000 registrations of the current edition are inserted off the clock, a
 * signed-in manager sends one message to all of them (`POST /api/admin/messages`), and the
 * app's job workers mail each one to a local SMTP server (the smtp-server package, which reads
 * and discards each message). Reports the send request's time, the time until every recipient
 * is `sent`, emails per second, and this process's peak RSS (sampled every 50 ms) against its
 * RSS before. Client, app, database and SMTP server share the machine's cores.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { countries, messageRecipients, registrations } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { headersOf, signedInOrganizer } from '../test/organizer-helpers.js';
import { openBenchApp } from './bench-app.js';
import { printTable } from './table.js';

export interface MessagesBenchResult {
  recipients: number;
  /** Milliseconds of the send request (resolving, writing the rows and queuing the jobs). */
  requestMs: number;
  /** Milliseconds from the request until every recipient was sent. */
  deliveredMs: number;
  received: number;
  failed: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** An SMTP server on 127.0.0.1 that accepts everything and counts what it received. */
async function countingSmtpServer() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Its reverse DNS lookup of each client (127.0.0.1, no resolver here) cost ~120 ms a
    // connection: the server's delay, not the app's.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs the bench on an app and database of its own; `count` recipients (default 2,000). */
export async function benchMessages(count = 2_000): Promise<MessagesBenchResult> {
  const smtp = await countingSmtpServer();
  // SMTP_URL's transport opens a connection per message unless pooled (`?pool=true`, nodemailer's
  // URL option); BENCH_SMTP_QUERY adds such options to the bench's SMTP_URL.
  const { app, close } = await openBenchApp({
    env: { SMTP_URL: `${smtp.url}${process.env.BENCH_SMTP_QUERY ?? ''}` },
  });
  try {
    const event = await getCurrentEvent(app.db);
    const [country] = await app.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.isoCode, 'IN'));
    for (let start = 0; start < count; start += 1_000) {
      await app.db.insert(registrations).values(
        Array.from({ length: Math.min(1_000, count - start) }, (_, i) => ({
          eventId: event.id,
          participantCategoryId: 4,
          name: `Attendee ${start + i}`,
          email: `attendee-${start + i}@bench.example`,
          countryCode: '+91',
          contactNo: '9876543210',
          city: 'Ahmedabad',
          countryId: country!.id,
          termsAcceptedAt: new Date(),
        })),
      );
    }
    const manager = await signedInOrganizer(app, 'manager');
    const headers = headersOf(
      new Map([['manager', { organizer: manager.organizer, cookie: manager.cookie }]]),
      'manager',
    );
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/messages',
      headers,
      payload: {
        filter: { editionId: event.id, audience: 'registrations', participantCategoryIds: [4] },
        subject: 'Doors open at nine',
        body: 'Hello {{name}},\n\nThe gates open at nine on both days. Your registration: {{manage_link}}',
        clientKey: randomUUID(),
      },
    });
    const requestMs = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`send refused: ${response.body}`);
    const pending = async () =>
      Number(
        rowsOf<{ n: number }>(
          await app.db.execute(
            sql`select count(*)::int as n from ${messageRecipients} where status = 'queued'`,
          ),
        )[0]?.n ?? 0,
      );
    const deadline = started + 600_000;
    while ((await pending()) > 0) {
      if (performance.now() > deadline) throw new Error('recipients still queued after 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deliveredMs = performance.now() - started;
    clearInterval(sampler);
    const failed = Number(
      rowsOf<{ n: number }>(
        await app.db.execute(sql`select count(*)::int as n from ${messageRecipients} where status <> 'sent'`),
      )[0]?.n ?? 0,
    );
    return {
      recipients: count,
      requestMs,
      deliveredMs,
      received: smtp.received(),
      failed,
      rssBeforeMb: megabytes(rssBefore),
      rssPeakMb: megabytes(rssPeak),
    };
  } finally {
    await close();
    await smtp.close();
  }
}

export function printMessages(result: MessagesBenchResult): void {
  printTable(
    [
      'Message to attendees',
      'recipients',
      'request ms',
      'all sent s',
      'emails/s',
      'received',
      'not sent',
      'RSS MB before → peak',
    ],
    [
      [
        'POST admin/messages + jobs → SMTP',
        String(result.recipients),
        result.requestMs.toFixed(0),
        (result.deliveredMs / 1000).toFixed(1),
        (result.recipients / (result.deliveredMs / 1000)).toFixed(0),
        String(result.received),
        String(result.failed),
        `${result.rssBeforeMb} → ${result.rssPeakMb}`,
      ],
    ],
  );
}
