/**
 * How an order's tickets are named to a person, from its lines (or its passes counted by ticket):
 * one formatter for the buyer's order page and emails, the manage page and the console, so an
 * order whose attendee of a group changed ticket (decision 031) reads alike everywhere.
 */
import { z } from 'zod';
import { TRANSLATION_LOCALES, translationOf, type Translations } from './translations.js';
import type { Locale } from './locale.js';

/** Units of one ticket in an order: a line's, or several lines' of the same ticket added up. */
export const TicketUnitsSchema = z.object({
  ticketName: z.string(),
  quantity: z.number().int(),
});
export type TicketUnits = z.infer<typeof TicketUnitsSchema>;

/**
 * The units an order holds per ticket, by ticket name (so its lines and its passes counted by
 * ticket read alike, whichever attendee moved): lines of the same ticket added up, and lines
 * left with 0 units (every attendee of them moved to another ticket or cancelled) left out. An
 * order none of whose lines holds a unit (all its attendees cancelled) still names what it
 * bought, with 0 units.
 */
export function unitsByTicket(lines: readonly TicketUnits[]): TicketUnits[] {
  const held = lines.some((line) => line.quantity > 0) ? lines.filter((line) => line.quantity > 0) : lines;
  const units = new Map<string, number>();
  for (const line of held) units.set(line.ticketName, (units.get(line.ticketName) ?? 0) + line.quantity);
  return [...units]
    .map(([ticketName, quantity]) => ({ ticketName, quantity }))
    .sort((a, b) => a.ticketName.localeCompare(b.ticketName, 'en'));
}

/** Each ticket with its units: "2 × Investor Pass", "1 × Delegate Day Pass, 1 × Investor Pass". */
export function formatTicketUnits(lines: readonly TicketUnits[]): string {
  return unitsByTicket(lines)
    .map((line) => `${line.quantity} × ${line.ticketName}`)
    .join(', ');
}

/**
 * The ticket an order is of, where its units are shown beside it: the name alone while it holds
 * one ticket ("Investor Pass"), each ticket with its units once it holds several
 * ("1 × Delegate Day Pass, 1 × Investor Pass").
 */
export function ticketNameOf(lines: readonly TicketUnits[]): string {
  const tickets = unitsByTicket(lines);
  return tickets.length === 1 ? tickets[0]!.ticketName : formatTicketUnits(tickets);
}

/** The units an order holds: those of its lines (a line left with none adds nothing). */
export function unitsOf(lines: readonly TicketUnits[]): number {
  return lines.reduce((sum, line) => sum + Math.max(line.quantity, 0), 0);
}

/** An order's line with the organizers' Gujarati and Hindi of its ticket's name, where written. */
export interface TranslatedTicketUnits extends TicketUnits {
  ticketTranslations: Translations<'name'>;
}

/**
 * The lines with each ticket named in `locale`: the organizers' translation, else the English
 * (decision 034). For what is sent in the reader's language (emails, printed passes).
 */
export function ticketUnitsIn(lines: readonly TranslatedTicketUnits[], locale: Locale): TicketUnits[] {
  return lines.map((line) => ({
    ticketName: translationOf(line.ticketTranslations, locale, 'name') ?? line.ticketName,
    quantity: line.quantity,
  }));
}

/**
 * `format` of the lines (`ticketNameOf`, `formatTicketUnits`) under `key` in each language one
 * of their tickets is translated into (a ticket not translated keeps its English inside it); a
 * language none is translated into is left out, so a page shows the English marked as such
 * (`shownText`).
 */
export function ticketTextTranslations<K extends string>(
  lines: readonly TranslatedTicketUnits[],
  key: K,
  format: (lines: readonly TicketUnits[]) => string,
): Translations<K> {
  const result: Translations<K> = {};
  for (const locale of TRANSLATION_LOCALES) {
    if (lines.some((line) => translationOf(line.ticketTranslations, locale, 'name') !== undefined)) {
      result[locale] = { [key]: format(ticketUnitsIn(lines, locale)) } as Partial<Record<K, string>>;
    }
  }
  return result;
}

/** `ticketNameOf` the lines in each language one of their tickets is translated into. */
export function ticketNameTranslations(lines: readonly TranslatedTicketUnits[]): Translations<'ticketName'> {
  return ticketTextTranslations(lines, 'ticketName', ticketNameOf);
}
