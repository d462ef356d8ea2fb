/**
 * A ticket type's notes beside its price, in the page's language: its GST note, why its price is
 * below the struck one, and what a stall package's passes cover (the shared gstPriceLabel,
 * listPriceNote and packagePassesNote, whose words stay English for the server). Shared by the
 * tickets dialog, the manage page's ticket choice, the Review Purchase popup and the event pages'
 * price cards. Its messages are the registration catalog's (lingui.config.ts).
 */
import { formatEventDate, formatGstRate, type TicketType } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * A ticket type's GST note beside its price ("+ 18 % GST", "incl. 18 % GST", "GST exempt"): the
 * server's `gst.label` (gstPriceLabel) in the page's language.
 */
export function gstLabel(gst: TicketType['gst'], i18n: I18n): string {
  if (gst.rateBp === 0) return i18n._(msg`GST exempt`);
  const rate = formatGstRate(gst.rateBp);
  return gst.pricesIncludeGst ? i18n._(msg`incl. ${rate} GST`) : i18n._(msg`+ ${rate} GST`);
}

/**
 * Why a ticket type's price is below its struck list price ("Early bird until 30 Sept 2024"), in
 * `i18n`'s language (the shared listPriceNote's words), or null when no price is struck. The
 * organizer's name for the offer is data and shows as entered.
 */
export function listPriceNote(
  ticket: Pick<TicketType, 'amount' | 'listPrice' | 'listPriceReason' | 'salesEnd'>,
  i18n: I18n,
): string | null {
  if (ticket.listPrice === null || ticket.listPrice <= ticket.amount) return null;
  const reason = ticket.listPriceReason ?? i18n._(msg`Offer price`);
  if (!ticket.salesEnd) return reason;
  const until = formatEventDate(ticket.salesEnd);
  return i18n._(msg`${reason} until ${until}`);
}

/** What a stall package's passes cover (the shared packagePassesNote, in `i18n`'s language). */
export function packagePassesNote(ticket: Pick<TicketType, 'passesIncluded'>, i18n: I18n): string {
  const passes = ticket.passesIncluded;
  return i18n._(
    msg`${plural(passes, { one: 'Includes 1 pass', other: 'Includes up to # passes' })}: one for each person you register in the same order. Passes not used when you pay are not issued later or refunded.`,
  );
}
