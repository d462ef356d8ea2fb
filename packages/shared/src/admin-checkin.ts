/**
 * Check-in at the gate: check-in lists, the redeem request and its answers,
 * the scanner's offline data set, and the console's counts. Instants are ISO 8601 UTC; days
 * are days of the edition (1 = its first day in Asia/Kolkata).
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { MAX_DATABASE_ID, safeString } from './input.js';
import { MAX_PASS_DAYS } from './pass-token.js';

/** India has one time zone without daylight saving: Asia/Kolkata is always UTC+05:30. */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** The calendar date (YYYY-MM-DD) of an instant in Asia/Kolkata. */
export function kolkataDate(at: Date): string {
  return new Date(at.getTime() + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The days of an edition: day 1 is the date of its start in Asia/Kolkata, the last the date of
 * its end (at most MAX_PASS_DAYS). E.g. 20–21 October → [{day: 1, date: '…-10-20'}, {day: 2, …}].
 */
export function editionDays(startsAt: Date, endsAt: Date): { day: number; date: string }[] {
  const first = Date.parse(kolkataDate(startsAt));
  const last = Date.parse(kolkataDate(endsAt));
  const days: { day: number; date: string }[] = [];
  for (let at = first, day = 1; at <= last && day <= MAX_PASS_DAYS; at += 86_400_000, day++) {
    days.push({ day, date: new Date(at).toISOString().slice(0, 10) });
  }
  return days;
}

/** Which day of the edition an instant falls on (1-based); null before or after the edition's days. */
export function editionDayAt(startsAt: Date, endsAt: Date, at: Date): number | null {
  const date = kolkataDate(at);
  return editionDays(startsAt, endsAt).find((day) => day.date === date)?.day ?? null;
}

/** Who works the gates (scanner, redeem, counts): owners, managers and the gate role. */
export const CHECKIN_ROLES: readonly OrganizerRole[] = ['owner', 'manager', 'gate'];

export const CHECKIN_DIRECTIONS = ['entry', 'exit'] as const;
export const CheckinDirectionSchema = z.enum(CHECKIN_DIRECTIONS, { error: 'Choose entry or exit' });
export type CheckinDirection = z.infer<typeof CheckinDirectionSchema>;

/** Why a scan did not admit: pretix's reasons, the ones this festival has. */
export const REDEEM_REASONS = [
  'already_redeemed',
  'invalid',
  'revoked',
  'unpaid',
  'wrong_day',
  'product',
] as const;
export type RedeemReason = (typeof REDEEM_REASONS)[number];
export const RedeemStatusSchema = z.enum(['ok', ...REDEEM_REASONS]);
export type RedeemStatus = z.infer<typeof RedeemStatusSchema>;

/** What the scanner says for each reason. */
export const REDEEM_REASON_TEXT: Record<RedeemReason, string> = {
  already_redeemed: 'Already checked in',
  invalid: 'Not a valid pass',
  revoked: 'Pass cancelled',
  unpaid: 'Not paid',
  wrong_day: 'Not valid today',
  product: 'Ticket not valid at this entrance',
};

const listFields = {
  name: safeString({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
  ticketTypeIds: z
    .array(z.number().int().positive().max(MAX_DATABASE_ID), { error: 'Choose ticket types' })
    .min(1, 'Choose at least one ticket type')
    .max(100),
  days: z
    .array(z.number().int().min(1).max(MAX_PASS_DAYS), { error: 'Choose days' })
    .min(1, 'Choose at least one day')
    .max(MAX_PASS_DAYS),
  allowExit: z.boolean({ error: 'Say whether exits are scanned' }),
  allowReentry: z.boolean({ error: 'Say whether re-entry is allowed' }),
};

/** Body of `POST /api/admin/checkin/lists`. */
export const CreateCheckinListSchema = z.object(listFields);
export type CreateCheckinList = z.infer<typeof CreateCheckinListSchema>;

/** Body of `PATCH /api/admin/checkin/lists/:id`. */
export const UpdateCheckinListSchema = z
  .object(listFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field');
export type UpdateCheckinList = z.infer<typeof UpdateCheckinListSchema>;

export const EditionDaySchema = z.object({ day: z.number().int(), date: z.string() });

export const CheckinListSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  ticketTypeIds: z.array(z.number().int()),
  days: z.array(z.number().int()),
  allowExit: z.boolean(),
  allowReentry: z.boolean(),
  /** Passes admitted (distinct), and inside now (last scan an entry). */
  checkedIn: z.number().int(),
  inside: z.number().int(),
  /** Passes scanned in twice at offline gates. */
  conflicts: z.number().int(),
});
export type CheckinList = z.infer<typeof CheckinListSchema>;

export const CheckinListsSchema = z.object({
  items: z.array(CheckinListSchema),
  /** The days of the current edition, for the form's choices. */
  editionDays: z.array(EditionDaySchema),
});
export type CheckinLists = z.infer<typeof CheckinListsSchema>;

/** Body of `POST /api/admin/checkin/redeem`. */
export const RedeemRequestSchema = z.object({
  /** The QR code's text (a signed token) or a pass code typed or found by search. */
  code: safeString({ error: 'Scan or enter a pass' }).trim().min(1, 'Scan or enter a pass').max(400),
  listId: z.number({ error: 'Choose a check-in list' }).int().positive().max(MAX_DATABASE_ID),
  direction: CheckinDirectionSchema.default('entry'),
  /** When the gate scanned, by its clock (offline scans are uploaded later). */
  scannedAt: z.iso.datetime({ offset: true, error: 'Give the scan time' }),
  /** Chosen by the scanner per scan: the same nonce twice records one check-in. */
  nonce: z
    .string({ error: 'Give a nonce' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A nonce is 8–64 letters, digits, - or _'),
  offline: z.boolean().default(false),
  gate: safeString().trim().max(60, 'At most 60 characters').default(''),
});
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;
export type RedeemRequestInput = z.input<typeof RedeemRequestSchema>;

export const RedeemResultSchema = z.object({
  status: RedeemStatusSchema,
  nonce: z.string(),
  direction: CheckinDirectionSchema,
  attendeeName: z.string().nullable(),
  ticketTypeName: z.string().nullable(),
  passCode: z.string().nullable(),
  /** With `already_redeemed`: the earlier admission. */
  previous: z.object({ at: z.iso.datetime(), gate: z.string() }).nullable(),
  /** An offline scan recorded although the pass was already in: two gates admitted it. */
  conflict: z.boolean(),
});
export type RedeemResult = z.infer<typeof RedeemResultSchema>;

/** `GET /api/checkin/keys`: public keys that sign pass tokens, newest first. */
export const CheckinKeysSchema = z.object({
  keys: z.array(
    z.object({
      keyId: z.string(),
      /** The raw 32-byte Ed25519 public key, base64url. */
      publicKey: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type CheckinKeys = z.infer<typeof CheckinKeysSchema>;

/**
 * A pass as the gate's phone keeps it: what a steward needs to tell and greet the holder. No
 * email or phone: the phone holds every pass of the list and may be lost at the venue.
 */
export const SyncPassSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  ticketTypeId: z.number().int(),
  ticketTypeName: z.string(),
});
export type SyncPass = z.infer<typeof SyncPassSchema>;

const syncCommon = {
  list: CheckinListSchema,
  event: z.object({
    id: z.number().int(),
    name: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
  }),
  keys: CheckinKeysSchema.shape.keys,
  serverTime: z.iso.datetime(),
  /** Opaque; sent back as `since` by the next sync to get only what changed. */
  cursor: z.string(),
};

/**
 * `GET /api/admin/checkin/lists/:id/sync` without a usable `since`: everything a scanner keeps
 * to work offline.
 */
export const CheckinSyncSchema = z.object({
  mode: z.literal('full'),
  ...syncCommon,
  passes: z.array(SyncPassSchema),
  /** Ids of passes no longer valid (cancelled, refunded, reissued). */
  revoked: z.array(z.string()),
  /**
   * Ids of the edition's other passes, revoked ones aside, that this list does not admit: another
   * ticket type, or an order not paid. A QR code of one of them that names a ticket of this list
   * (issued before its ticket changed) is refused offline as `product`, not taken for a pass
   * bought after the sync.
   */
  notOnList: z.array(z.string()),
  /**
   * Pass ids a new entry refuses (already_redeemed): inside now, or on a list without re-entry,
   * ever admitted. The scanner adds its own admissions since the sync.
   */
  entered: z.array(z.string()),
});
export type CheckinSync = z.infer<typeof CheckinSyncSchema>;

/** A pass that changed since the cursor, as the scanner should now hold it. */
export const SyncChangeSchema = z.object({
  id: z.string(),
  /**
   * The pass as the list admits it; null when the list does not (revoked, unpaid, other type,
   * gone). Null and not revoked, the scanner keeps the id as `notOnList` of the full answer.
   */
  pass: SyncPassSchema.omit({ id: true }).nullable(),
  revoked: z.boolean(),
  /** Whether a new entry is refused, as `entered` of the full answer. */
  entered: z.boolean(),
});
export type SyncChange = z.infer<typeof SyncChangeSchema>;

/** `GET /api/admin/checkin/lists/:id/sync?since=`: only the passes that changed since `since`. */
export const CheckinSyncDeltaSchema = z.object({
  mode: z.literal('delta'),
  ...syncCommon,
  changes: z.array(SyncChangeSchema),
});
export type CheckinSyncDelta = z.infer<typeof CheckinSyncDeltaSchema>;

/** The sync route's answer: full when `since` is missing, unknown or too old, else the changes. */
export const CheckinSyncAnswerSchema = z.discriminatedUnion('mode', [
  CheckinSyncSchema,
  CheckinSyncDeltaSchema,
]);
export type CheckinSyncAnswer = z.infer<typeof CheckinSyncAnswerSchema>;

/** `GET /api/admin/checkin/lists/:id/counts`: live counts of a list. */
export const CheckinCountsSchema = z.object({
  listId: z.number().int(),
  checkedIn: z.number().int(),
  inside: z.number().int(),
  conflicts: z.number().int(),
  byGate: z.array(z.object({ gate: z.string(), entries: z.number().int(), exits: z.number().int() })),
  /** Entries per hour, Asia/Kolkata, e.g. `2024-10-20T10:00` for 10:00–10:59. */
  byHour: z.array(z.object({ hour: z.string(), entries: z.number().int(), exits: z.number().int() })),
  /** Passes scanned in at two offline gates. */
  conflictScans: z.array(
    z.object({ passCode: z.string(), attendeeName: z.string(), at: z.iso.datetime(), gate: z.string() }),
  ),
});
export type CheckinCounts = z.infer<typeof CheckinCountsSchema>;

/**
 * `GET /api/admin/checkin/lists/:id/attendees?q=`: whether people have arrived (gate stewards
 * too), found by part of a name or code or by a whole email, named without their email.
 */
export const CheckinAttendeeSchema = z.object({
  passCode: z.string(),
  /** The holder's registration, whose badge the gate desk prints. */
  registrationId: z.uuid(),
  name: z.string(),
  ticketTypeName: z.string(),
  revoked: z.boolean(),
  /** First admission on the list; null if not arrived. */
  arrivedAt: z.iso.datetime().nullable(),
  inside: z.boolean(),
});
export const CheckinAttendeesSchema = z.object({ items: z.array(CheckinAttendeeSchema) });
export type CheckinAttendees = z.infer<typeof CheckinAttendeesSchema>;
