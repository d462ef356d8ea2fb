/**
 * Waiting list: a person joins a sold-out ticket type's list; when seats come
 * back, the first in line whose request fits is emailed a personal single-use voucher that
 * holds the seats for the ticket type's hold time. Instants ISO 8601 UTC.
 */
import { z } from 'zod';
import { MAX_ATTENDEES_PER_ORDER } from './constants.js';
import { databaseId } from './input.js';
import { localeField } from './locale-schema.js';
import { emailField, requiredText } from './validation.js';

/** Hours an offer holds its seats unless the organizer sets another time for the ticket type. */
export const DEFAULT_WAITING_LIST_HOLD_HOURS = 48;
/** The longest hold an organizer may set: two weeks. */
export const MAX_WAITING_LIST_HOLD_HOURS = 14 * 24;

/**
 * Where an entry stands: `waiting` in line; `offered` a voucher holds its seats until
 * `offeredUntil`; `redeemed` the voucher was used for a paid order; `lapsed` the offer ran out
 * unused; `removed` an organizer took the entry off the list.
 */
export const WAITING_LIST_STATUSES = ['waiting', 'offered', 'redeemed', 'lapsed', 'removed'] as const;
export const WaitingListStatusSchema = z.enum(WAITING_LIST_STATUSES);
export type WaitingListStatus = z.infer<typeof WaitingListStatusSchema>;

/**
 * Body of `POST /api/waiting-list`: the server checks the type is sold out and caps seats.
 * `locale` is the language of the page joined from, which the list's emails use (English when absent).
 */
export const WaitingListJoinSchema = z.object({
  ticketTypeId: databaseId('Choose a ticket'),
  name: requiredText('Name is required', 120),
  email: emailField(),
  quantity: z.coerce
    .number({ error: 'Enter how many seats you need' })
    .int('Enter a whole number of seats')
    .min(1, 'Ask for at least one seat')
    .max(MAX_ATTENDEES_PER_ORDER, `At most ${MAX_ATTENDEES_PER_ORDER} seats`),
  locale: localeField(),
});
export type WaitingListJoin = z.infer<typeof WaitingListJoinSchema>;

/** The answer to a join: how many people with open requests are ahead in line. */
export const WaitingListJoinedSchema = z.object({
  isOk: z.literal(true),
  message: z.string(),
  data: z.object({ ahead: z.number().int() }),
});
export type WaitingListJoined = z.infer<typeof WaitingListJoinedSchema>;

export const WaitingListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  status: WaitingListStatusSchema,
  /** Set while and after an offer: when its voucher stops holding the seats. */
  offeredUntil: z.iso.datetime().nullable(),
  voucherCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntrySchema>;

/** One ticket type's list, as the console shows it, oldest entry first. */
export const WaitingListOfTypeSchema = z.object({
  ticketType: z.object({
    id: z.number().int(),
    name: z.string(),
    participantCategoryId: z.number().int(),
    capacity: z.number().int(),
  }),
  /** Seats free for an offer right now (capacity − held − held by vouchers). */
  free: z.number().int(),
  holdHours: z.number().int(),
  entries: z.array(WaitingListEntrySchema),
});
export type WaitingListOfType = z.infer<typeof WaitingListOfTypeSchema>;

export const WaitingListHoldSchema = z.object({
  holdHours: z.coerce
    .number({ error: 'Enter a number of hours' })
    .int('Enter whole hours')
    .min(1, 'Hold seats for at least one hour')
    .max(MAX_WAITING_LIST_HOLD_HOURS, `At most ${MAX_WAITING_LIST_HOLD_HOURS} hours (two weeks)`),
});
export type WaitingListHold = z.infer<typeof WaitingListHoldSchema>;
