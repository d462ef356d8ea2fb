/**
 * Printing a whole check-in list: `GET /api/admin/badges.pdf` (A6 and label sheet) and
 * `GET /api/admin/passes.pdf` for a list of 2,000 valid passes (redeem.ts's `preparePasses`),
 * one request each after a warm-up of one, by a signed-in gate steward. Reports each document's
 * time, size and pages and how far the process's resident memory rose while it was made (sampled
 * every 10 ms above what it was before the request), and the longest stretch it held the event
 * loop (which a gate scan served by the same process would wait behind). A tenth of the holders have Gujarati names
 * and a third a company, so the embedded fonts and the company line are in the figures.
 */
import { eq, inArray } from 'drizzle-orm';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { App } from '../src/app.js';
import { orders, passes, registrations } from '../src/db/schema.js';
import { ORIGIN, signedInOrganizer } from '../test/organizer-helpers.js';
import { preparePasses } from './redeem.js';
import { printTable } from './table.js';

export const BADGE_LIST_SIZE = 2_000;

export interface PrintBenchResult {
  document: string;
  seconds: number;
  megabytes: number;
  pages: number;
  /** Highest resident memory while the request ran, above the resident memory before it (MB). */
  rssRiseMb: number;
  /** The process's highest resident memory so far (MB), this run included. */
  maxRssMb: number;
  /**
   * The longest the event loop was held while the document was made (ms): how long a scan at
   * the gate, served by the same process, could wait behind it.
   */
  longestBlockMs: number;
}

/**
 * A list of `count` valid passes with varied names and companies; returns its id and the
 * reference of one of its orders (one pass), for the warm-up.
 */
async function prepareList(app: App, count: number) {
  const { listId, passes: issued } = await preparePasses(app.db, count);
  const codes = issued.map((pass) => pass.code);
  const holders = await app.db
    .select({ id: passes.registrationId, reference: orders.reference })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .where(inArray(passes.code, codes));
  for (const [index, holder] of holders.entries()) {
    if (index % 10 !== 0 && index % 3 !== 0) continue;
    await app.db
      .update(registrations)
      .set({
        ...(index % 10 === 0 ? { name: `અમિત પટેલ ${index}` } : {}),
        ...(index % 3 === 0 ? { companyName: `Sabarmati Robotics ${index} Pvt Ltd` } : {}),
      })
      .where(eq(registrations.id, holder.id));
  }
  return { listId, orderReference: holders[0]!.reference };
}

async function measure(app: App, cookie: string, document: string, url: string): Promise<PrintBenchResult> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  delay.disable();
  peak = Math.max(peak, process.memoryUsage.rss());
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  const body = response.rawPayload;
  const pages = body.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  return {
    document,
    seconds,
    megabytes: body.length / 1e6,
    pages,
    rssRiseMb: (peak - before) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1e3,
    longestBlockMs: delay.max / 1e6,
  };
}

/** Prepares a list of BADGE_LIST_SIZE passes and prints it three ways. */
export async function benchBadges(app: App): Promise<PrintBenchResult[]> {
  const { listId, orderReference } = await prepareList(app, BADGE_LIST_SIZE);
  const gate = await signedInOrganizer(app, 'gate', false);
  const urls: [string, string][] = [
    [`badges.pdf, A6`, `/api/admin/badges.pdf?layout=a6&`],
    [`badges.pdf, labels`, `/api/admin/badges.pdf?layout=labels&`],
    [`passes.pdf`, `/api/admin/passes.pdf?`],
  ];
  const results: PrintBenchResult[] = [];
  for (const [document, url] of urls) {
    // One order's single pass: the code paths and fonts warm, not the list's work.
    await measure(app, gate.cookie, 'warm-up', `${url}orderReference=${orderReference}`);
    results.push(
      await measure(app, gate.cookie, `${document} (${BADGE_LIST_SIZE} passes)`, `${url}listId=${listId}`),
    );
  }
  return results;
}

export function printBadges(results: PrintBenchResult[]) {
  printTable(
    ['document', 'seconds', 'MB', 'pages', 'RSS rise MB', 'peak RSS MB', 'longest block ms'],
    results.map((row) => [
      row.document,
      row.seconds.toFixed(1),
      row.megabytes.toFixed(1),
      String(row.pages),
      row.rssRiseMb.toFixed(0),
      row.maxRssMb.toFixed(0),
      row.longestBlockMs.toFixed(0),
    ]),
  );
}
