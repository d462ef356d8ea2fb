/**
 * The current edition's sales state: the one answer to "can people register and buy
 * now?", which the public edition (`GET auth/event/current`), the registration API and
 * checkout all read, so the site, the forms and the refusals never disagree.
 *
 * Decided from the edition's start and end, its ticket types' visibility, archiving and sales
 * windows (tickets/service.ts `isListed`, `isOnSale`) and the server's clock; see SALES_STATES.
 */
import {
  EDITION_CLOSED_MESSAGE,
  EVENT_TIME_ZONE,
  ParticipantCategory,
  SALES_CLOSED_MESSAGE,
  SALES_NOT_OPEN_CODE,
  SALES_UPCOMING_MESSAGE,
  type EventSales,
  type SalesState,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotOnSaleError, SalesEndedError } from '../../errors.js';
import { getCurrentEvent, type Event } from '../current-edition/service.js';
import { isListed, isOnSale, saleWindows, type SaleWindow } from '../tickets/service.js';
import { hasEnded } from './service.js';

/** The sales state with its instants as dates; `EventSales` is its JSON form. */
export interface Sales {
  state: SalesState;
  /** While `upcoming`: the earliest announced sales start; null when none is announced. */
  opensAt: Date | null;
  /** While `open`: when the last open sales window closes, the edition's end at the latest. */
  closesAt: Date | null;
}

type EditionFields = Pick<Event, 'startsAt' | 'endsAt' | 'visitorRegistration'>;

/**
 * The sales state of `edition` at `now` from its ticket types' `windows`, over one participant
 * category or, without `participantCategoryId`, over every category sold here (Visitor passes
 * only when the edition sells them: otherwise visitors register on the external listing).
 *
 * - `ended` once the edition's end has passed, whatever the windows say;
 * - `open` when a listed ticket type is on sale;
 * - `upcoming` when one will be (`opensAt` its earliest start), or when the edition has no
 *   listed ticket type yet and has not started (a new edition before its passes are set up);
 * - `closed` otherwise: every window has ended, or nothing is for sale once it started.
 */
export function salesOf(
  edition: EditionFields,
  windows: readonly SaleWindow[],
  now: Date,
  participantCategoryId?: number,
): Sales {
  if (hasEnded(edition, now)) return { state: 'ended', opensAt: null, closesAt: null };
  const sold = windows.filter((window) =>
    participantCategoryId === undefined
      ? window.participantCategoryId !== ParticipantCategory.Visitor || edition.visitorRegistration === 'pass'
      : window.participantCategoryId === participantCategoryId,
  );
  // Visible and not archived: a type hidden or archived is neither listed nor sold at any time.
  const offered = sold.filter((window) => window.visibility === 'visible' && window.archivedAt === null);
  const onSale = offered.filter((window) => isOnSale(window, now));
  if (onSale.length > 0) {
    const end = Math.max(...onSale.map((window) => (window.salesEndAt ?? edition.endsAt).getTime()));
    return { state: 'open', opensAt: null, closesAt: new Date(Math.min(end, edition.endsAt.getTime())) };
  }
  const starts = offered
    .filter((window) => !isListed(window, now))
    .map((window) => window.salesStartAt!.getTime());
  if (starts.length > 0) return { state: 'upcoming', opensAt: new Date(Math.min(...starts)), closesAt: null };
  if (offered.length === 0 && now.getTime() < edition.startsAt.getTime()) {
    return { state: 'upcoming', opensAt: null, closesAt: null };
  }
  return { state: 'closed', opensAt: null, closesAt: null };
}

/** The JSON form of a sales state. */
export function toEventSales(sales: Sales): EventSales {
  return {
    state: sales.state,
    opensAt: sales.opensAt?.toISOString() ?? null,
    closesAt: sales.closesAt?.toISOString() ?? null,
  };
}

/**
 * The current edition and its sales state at `now`, over every category or one. Both read from
 * the in-process copies when `db` is the app's handle (db/read-mostly.ts).
 * @throws NotFoundError no edition (404)
 */
export async function currentSales(
  db: Executor,
  now: Date,
  participantCategoryId?: number,
): Promise<{ event: Event; sales: Sales }> {
  const event = await getCurrentEvent(db);
  const windows = await saleWindows(db, event.id);
  return { event, sales: salesOf(event, windows, now, participantCategoryId) };
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * Refuses what only open sales allow (a registration, a checkout) in any other state, with
 * code SALES_NOT_OPEN so the page shows the edition's state instead of the form.
 * @throws NotOnSaleError upcoming: 'Registration … opens on <date> (India time)' or has not opened (409)
 * @throws SalesEndedError closed: SALES_CLOSED_MESSAGE; ended: EDITION_CLOSED_MESSAGE (409)
 */
export function assertSalesOpen(sales: Sales): void {
  switch (sales.state) {
    case 'open':
      return;
    case 'upcoming':
      throw new NotOnSaleError(
        sales.opensAt
          ? `Registration for this edition opens on ${IST.format(sales.opensAt)} (India time)`
          : SALES_UPCOMING_MESSAGE,
        undefined,
        SALES_NOT_OPEN_CODE,
      );
    case 'closed':
      throw new SalesEndedError(SALES_CLOSED_MESSAGE, undefined, SALES_NOT_OPEN_CODE);
    case 'ended':
      throw new SalesEndedError(EDITION_CLOSED_MESSAGE, undefined, SALES_NOT_OPEN_CODE);
  }
}

/**
 * Checkout's check on the edition, before its transaction: the festival is not over. Without
 * a query (the edition is the in-process copy); whether the chosen ticket type is on sale is
 * checked on its locked row (tickets `assertOnSale`), which answers upcoming and closed windows.
 * @throws SalesEndedError EDITION_CLOSED_MESSAGE with code SALES_NOT_OPEN, as registrations (409)
 */
export function assertEditionNotEnded(edition: Pick<Event, 'endsAt'>, now: Date): void {
  if (hasEnded(edition, now)) assertSalesOpen({ state: 'ended', opensAt: null, closesAt: null });
}
