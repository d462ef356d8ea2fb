/**
 * Response envelopes and reference-list shapes of the API. The keys of the spec's calls are
 * kept (`_id`, `isOk`, `message`, `data`) so the original front end's calls still fit.
 */
import { z } from 'zod';
import { formatEventDate, SALES_STATES } from './constants.js';
import { storedTranslationsSchema } from './translations-schema.js';

/** `{isOk, message, data}`: the envelope of every `auth/...` answer. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ isOk: z.boolean(), message: z.string(), data });

/** Answer of a failed call: `errors` maps each field to the first message for it (400 only). */
export const ErrorResponseSchema = z.object({
  isOk: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason where a client offers a next step (e.g. ALREADY_REGISTERED_CODE). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const CategorySchema = z.object({ _id: z.number().int(), categoryName: z.string() });
export const StageSchema = z.object({ _id: z.number().int(), StageOfStartup: z.string() });
/** A country with its ISO 3166-1 alpha-2 code and its ISD (calling) code, e.g. "+91". */
export const CountrySchema = z.object({
  _id: z.number().int(),
  CountryName: z.string(),
  isoCode: z.string(),
  isdCode: z.string(),
});
export const StateSchema = z.object({ _id: z.number().int(), StateName: z.string() });

/**
 * How a ticket type is sold (the spec's Select Tickets dialog and stall packages): `attendee`, a
 * pass, one per registered attendee (quantity = attendees); `company`, a stall package, one per
 * order, whose `passesIncluded` passes cover the company's attendees.
 */
export const TICKET_SOLD_PER = ['attendee', 'company'] as const;
export const TicketSoldPerSchema = z.enum(TICKET_SOLD_PER, { error: 'Choose per attendee or per company' });
export type TicketSoldPer = z.infer<typeof TicketSoldPerSchema>;

/**
 * A ticket type on sale for a participant category. `amount` and `listPrice` are integer
 * paise; `available` is the units (passes or stalls) left (capacity minus paid and unexpired reservations).
 */
export const TicketTypeSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  listPrice: z.number().int().nullable(),
  /** Why the price is below `listPrice` ("Early bird"); null says "Offer price". */
  listPriceReason: z.string().nullable(),
  remarks: z.string(),
  /** The organizers' Gujarati and Hindi of the name and remarks, where they wrote them. */
  translations: storedTranslationsSchema(['name', 'remarks']),
  soldPer: TicketSoldPerSchema,
  /** Passes one unit includes: 1 for a pass, the package's passes for a stall (Gold 4, Platinum 6). */
  passesIncluded: z.number().int(),
  participantCategoryId: z.number().int(),
  capacity: z.number().int(),
  available: z.number().int(),
  salesEnd: z.string().nullable(),
  soldOut: z.boolean(),
  salesEnded: z.boolean(),
  /** Whether `amount` includes GST, the rate (basis points) and how the price says it ("incl. 18 % GST"). */
  gst: z.object({ pricesIncludeGst: z.boolean(), rateBp: z.number().int(), label: z.string() }),
});

export type Category = z.infer<typeof CategorySchema>;
export type Stage = z.infer<typeof StageSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type State = z.infer<typeof StateSchema>;
export type TicketType = z.infer<typeof TicketTypeSchema>;

/**
 * Why a ticket type's price is below its struck list price, as every page says it beside that
 * price: the reason the organizers set ("Early bird", else "Offer price"), with "until" the day
 * sales end when they do ("Early bird until 29 Sept 2024", in India time). Null when no price
 * is struck.
 */
export function listPriceNote(
  ticket: Pick<TicketType, 'amount' | 'listPrice' | 'listPriceReason' | 'salesEnd'>,
): string | null {
  if (ticket.listPrice === null || ticket.listPrice <= ticket.amount) return null;
  const reason = ticket.listPriceReason ?? 'Offer price';
  return ticket.salesEnd ? `${reason} until ${formatEventDate(ticket.salesEnd)}` : reason;
}

/**
 * What a stall package's passes cover, said wherever the package is offered: one pass for each
 * person registered in its order, up to the passes it includes (decision 008); passes not used
 * when the order is paid are not issued later and not refunded. Null for a ticket sold per attendee.
 */
export function packagePassesNote(ticket: Pick<TicketType, 'soldPer' | 'passesIncluded'>): string | null {
  if (ticket.soldPer !== 'company') return null;
  const passes = ticket.passesIncluded === 1 ? '1 pass' : `up to ${ticket.passesIncluded} passes`;
  return (
    `Includes ${passes}: one for each person you register in the same order. ` +
    'Passes not used when you pay are not issued later or refunded.'
  );
}

/** Public settings the browser needs at run time (`GET auth/site-config`). */
export const SiteConfigSchema = z.object({
  /** The organisers' address (ORGANIZER_EMAIL): the privacy notice's grievance contact. */
  organizerEmail: z.string(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/**
 * The current edition's sales at the server's clock (`state`, see SALES_STATES). Instants are
 * ISO 8601 UTC. `opensAt`: while `upcoming`, the earliest announced sales start (null when no
 * ticket type says yet). `closesAt`: while `open`, when the last sales window closes (the
 * edition's end at the latest). Both null in the other states.
 */
export const EventSalesSchema = z.object({
  state: z.enum(SALES_STATES),
  opensAt: z.iso.datetime().nullable(),
  closesAt: z.iso.datetime().nullable(),
});
export type EventSales = z.infer<typeof EventSalesSchema>;

/**
 * The current festival edition (`GET auth/event/current`): what the header, the home page's
 * event info and its countdown show. Instants are ISO 8601 UTC; the countdown counts to startDate.
 */
export const EventSchema = z.object({
  name: z.string(),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  venue: z.string(),
  venueMapUrl: z.string(),
  /** Embed address of the festival video; null while the organizers have set none. */
  videoUrl: z.string().nullable(),
  /** Which edition this is (2 → "2nd edition"); null when unnumbered. */
  editionNumber: z.number().int().nullable(),
  theme: z.string(),
  sectors: z.array(z.string()),
  /** Headline figures, e.g. `{ value: '1000+', label: 'Participants' }`, each label's translations beside it. */
  stats: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      translations: storedTranslationsSchema(['label']).optional(),
    }),
  ),
  /** 'pass': the Visitor tab sells Visitor passes; 'external': it links to visitorRegistrationUrl. */
  visitorRegistration: z.enum(['pass', 'external']),
  visitorRegistrationUrl: z.string().nullable(),
  /** True once the edition has ended (the server's clock): the site says so and stops selling. */
  ended: z.boolean(),
  /** Whether registration sells now; the register buttons and /register follow it. */
  sales: EventSalesSchema,
  /**
   * Who runs the festival, as the organizers' settings give it (the footer names them); null
   * where not entered yet.
   */
  organizer: z.object({
    legalName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /**
   * The title of the highlights page (/highlights, organizers' content: "2023 Highlights"),
   * which also names the menu's highlights group; null when there is no such page.
   */
  highlightsTitle: z.string().nullable(),
  /**
   * Whether the site still shows the sample content it holds in code (SITE_SAMPLES), marked
   * "Sample": true until the owner removes the sample content in the console.
   */
  siteSamples: z.boolean(),
  /** The organizers' Gujarati and Hindi of the name, venue and theme, where they wrote them. */
  translations: storedTranslationsSchema(['name', 'venue', 'theme']),
});
export type FestivalEvent = z.infer<typeof EventSchema>;

export const HealthSchema = z.object({ status: z.literal('ok') });
