/**
 * Changing one attendee's ticket type on a paid order (issue 28 §2): the console's quote of
 * every ticket the attendee could move to, the request, what the change did, and the words of
 * each refusal. Money is integer paise, GST included; a positive difference is collected from
 * the buyer (an upgrade), a negative one refunded (a downgrade).
 */
import { z } from 'zod';
import { databaseId, safeString } from './input.js';

/** Why a change of ticket type is refused, in the console's words (the API answers these as they are). */
export const TICKET_CHANGE_MESSAGES = {
  sameType: 'This attendee holds this ticket already: choose another one',
  otherEdition: 'This ticket belongs to another edition: choose a ticket of the order’s edition',
  archived: 'This ticket is archived: restore it before moving anyone to it',
  package: 'A package sold per company admits several people with one unit: its passes cannot change ticket',
  toPackage: 'A package sold per company cannot be given to one attendee: choose a ticket sold per attendee',
  beforeGst: 'This order was placed before GST was recorded: cancel it and place a new order instead',
  otherTax:
    'This ticket is taxed at another GST rate, SAC or place of supply: cancel this attendee and place a new order instead',
  checkedInDowngrade:
    'This attendee was admitted at the gate already: a cheaper ticket is not refunded after check-in (refund part of the order instead if the festival agrees)',
  upgradeReference: 'Enter the bank reference (UTR) of the buyer’s transfer of the difference',
  noMoneyReference: 'No money changes hands in this change: leave the bank reference out',
} as const;

/** One ticket the attendee could move to, with what the change would cost or return. */
export const TicketChangeOptionSchema = z.object({
  ticketTypeId: z.number().int(),
  name: z.string(),
  /** Paise with GST: what this ticket costs the buyer (0 on a comp order). */
  total: z.number().int(),
  /** Paise with GST: the new total less what was paid for the current ticket; > 0 collected, < 0 refunded. */
  difference: z.number().int(),
  /** The GST in the difference, as its debit or credit note will state it; null when no money moves. */
  gst: z
    .object({
      taxable: z.number().int(),
      cgst: z.number().int(),
      sgst: z.number().int(),
      igst: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  /** Seats of this ticket a change may take now (its capacity less sold and held seats, the waiting list first). */
  seatsLeft: z.number().int(),
  /** Why this ticket cannot be chosen (sold out, another tax, a refund after check-in), or null. */
  refusal: z.string().nullable(),
});
export type TicketChangeOption = z.infer<typeof TicketChangeOptionSchema>;

/** `GET /api/admin/orders/{reference}/attendees/{registrationId}/ticket-change`: the dialog's quote. */
export const TicketChangeQuoteSchema = z.object({
  attendeeName: z.string(),
  passCode: z.string(),
  /** The attendee's ticket and what was paid for it: their unit's share of their line, paise with GST. */
  current: z.object({ ticketTypeId: z.number().int(), name: z.string(), total: z.number().int() }),
  /**
   * The passes of the attendee's order line (2 for a group of 2 Investor Passes on one line):
   * above 1, a change moves this attendee to a line of their own and the others keep theirs.
   */
  groupSize: z.number().int(),
  checkedIn: z.boolean(),
  /** Paid by bank transfer: a refunded difference goes back by hand and needs its bank reference. */
  paidOffline: z.boolean(),
  /** A comp (₹0): the ticket changes and no money moves. */
  comp: z.boolean(),
  /** The order's tax invoice, which a change's credit or debit note cites; null when none was issued. */
  invoice: z.string().nullable(),
  /** Every other ticket of the edition sold to the attendee's category, by price. */
  options: z.array(TicketChangeOptionSchema),
});
export type TicketChangeQuote = z.infer<typeof TicketChangeQuoteSchema>;

/** Body of `POST /api/admin/orders/{reference}/attendees/{registrationId}/change-ticket`. */
export const ChangeTicketTypeRequestSchema = z.object({
  ticketTypeId: databaseId('Choose the new ticket'),
  /** Why, in the organizer's words; kept in the audit log. */
  reason: safeString()
    .trim()
    .min(3, 'Say why the ticket changes')
    .max(500, 'The reason can be at most 500 characters'),
  /**
   * The bank's reference (UTR): of the buyer's transfer of the difference for an upgrade, or of
   * the transfer that returned it for a downgrade of an order paid by bank transfer.
   */
  bankReference: safeString()
    .trim()
    .min(4, 'Enter the bank reference (UTR)')
    .max(64, 'The bank reference can be at most 64 characters')
    .optional(),
});
export type ChangeTicketTypeRequest = z.infer<typeof ChangeTicketTypeRequestSchema>;
export type ChangeTicketTypeRequestInput = z.input<typeof ChangeTicketTypeRequestSchema>;

/** What a change of ticket type did. */
export const TicketTypeChangeSchema = z.object({
  ticketName: z.string(),
  /** The attendee's pass: the same code, now of the new ticket. */
  passCode: z.string(),
  /** Paise collected by bank transfer (an upgrade), 0 otherwise. */
  collected: z.number().int(),
  /** Paise refunded (a downgrade; at most what was left to refund), 0 otherwise. */
  refund: z.number().int(),
  creditNote: z.string().nullable(),
  debitNote: z.string().nullable(),
});
export type TicketTypeChange = z.infer<typeof TicketTypeChangeSchema>;
