/**
 * Messages to attendees (issue 28 §1): an organizer writes one email to a filtered set of
 * people of an edition (its registrations, its waiting list, or the "Tell me when registration
 * opens" list), previews it with one recipient's data, sends a test to themself, then sends it
 * through the job queue and follows each recipient's status. Recipients are always resolved on
 * the server from the filter, never taken from the browser. Instants are ISO 8601 UTC; the
 * daily cap counts calendar days in EVENT_TIME_ZONE.
 */
import { z } from 'zod';
import { PageQuerySchema, pageOf, type OrganizerRole } from './admin.js';
import { databaseId, safeString } from './input.js';

/**
 * Roles that write to attendees, as for the registration-alert announcement: the organizers
 * who run the festival's relations with its people, not finance, content or the gate.
 */
export const MESSAGE_ROLES = ['owner', 'manager'] as const satisfies readonly OrganizerRole[];

/** Who a message goes to: an edition's registrations, its waiting list, or the registration-alert list. */
export const MESSAGE_AUDIENCES = ['registrations', 'waiting_list', 'registration_alerts'] as const;
export const MessageAudienceSchema = z.enum(MESSAGE_AUDIENCES);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

/**
 * A registration's payment: `paid` holds a paid order; `refunded` holds a refunded order (or
 * one with a refund due) and no paid one; `unpaid` holds neither (never ordered, or only
 * pending, failed, expired or cancelled orders).
 */
export const MESSAGE_PAYMENT_FILTERS = ['paid', 'unpaid', 'refunded'] as const;

/** The merge fields a body may use, written `{{name}}`. */
export const MESSAGE_MERGE_FIELDS = ['name', 'reference', 'manage_link'] as const;
export type MessageMergeField = (typeof MESSAGE_MERGE_FIELDS)[number];

/** Any `{{ field }}` in a body, known or not (spaces inside the braces allowed). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The fields of `body` that are not merge fields, each once, in order of appearance. */
export function unknownMergeFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(MERGE_FIELD_PATTERN)) {
    const field = match[1] ?? '';
    if (!(MESSAGE_MERGE_FIELDS as readonly string[]).includes(field)) unknown.add(field);
  }
  return [...unknown];
}

const ids = (label: string) =>
  z
    .array(databaseId(`Choose a ${label}`))
    .max(100, `Choose at most 100 ${label}s`)
    .optional();

/**
 * Which people of an edition a message goes to. Every condition narrows the set; an absent or
 * empty list means "any". `checkedIn` counts a pass scanned at the gate.
 */
export const MessageFilterSchema = z.object({
  editionId: databaseId('Choose an edition'),
  audience: MessageAudienceSchema,
  /** registrations: the ticket type of one of their orders (or chosen at registration); waiting_list: the type waited for. */
  ticketTypeIds: ids('ticket type'),
  /** registrations only: their participant category. */
  participantCategoryIds: ids('category'),
  /** registrations only. */
  payment: z.enum(MESSAGE_PAYMENT_FILTERS).optional(),
  /** registrations only: `yes` holds a checked-in pass, `no` does not. */
  checkedIn: z.enum(['yes', 'no']).optional(),
});
export type MessageFilter = z.infer<typeof MessageFilterSchema>;

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;

/** What an organizer writes: the filter, the subject and the plain-text body with merge fields. */
export const MessageDraftSchema = z.object({
  filter: MessageFilterSchema,
  subject: safeString({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(MESSAGE_SUBJECT_MAX, `Subject must be at most ${MESSAGE_SUBJECT_MAX} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'Subject must be one line'),
  body: safeString({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_BODY_MAX, `Message must be at most ${MESSAGE_BODY_MAX} characters`),
  /**
   * A service notice about the recipient's own registration (a venue change, a gate time):
   * sent also to addresses that unsubscribed, and without an unsubscribe link. Off for
   * anything promotional (DPDP Act 2023: consent can be withdrawn).
   */
  transactional: z.boolean().default(false),
});
export type MessageDraft = z.infer<typeof MessageDraftSchema>;

/** Body of `POST /api/admin/messages/preview`: the draft and which recipient to show (0 = first). */
export const MessagePreviewRequestSchema = MessageDraftSchema.extend({
  recipientIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MessagePreviewRequest = z.infer<typeof MessagePreviewRequestSchema>;

/** The draft rendered for one recipient, and how many it would go to now. */
export const MessagePreviewSchema = z.object({
  recipientCount: z.number().int(),
  /** Addresses the filter matched that unsubscribed and are left out (0 for a transactional message). */
  unsubscribedCount: z.number().int(),
  /** The recipient shown (null when the filter matches nobody: the preview uses sample data). */
  recipient: z.object({ email: z.string(), name: z.string() }).nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

/** Body of `POST /api/admin/messages`: the draft, and a key the page makes once per compose form. */
export const SendMessageSchema = MessageDraftSchema.extend({
  /** The same key again (a double click, a retried request) answers the message already sent. */
  clientKey: z.uuid('Reload the page and try again'),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;

export const MESSAGE_RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const;
export const MessageRecipientStatusSchema = z.enum(MESSAGE_RECIPIENT_STATUSES);
export type MessageRecipientStatus = z.infer<typeof MessageRecipientStatusSchema>;

export const MessageCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});
export type MessageCounts = z.infer<typeof MessageCountsSchema>;

export const MessageSummarySchema = z.object({
  id: z.number().int(),
  editionId: z.number().int(),
  editionName: z.string(),
  subject: z.string(),
  filter: MessageFilterSchema,
  transactional: z.boolean(),
  authorEmail: z.string(),
  createdAt: z.iso.datetime(),
  counts: MessageCountsSchema,
});
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

export const MessageListQuerySchema = PageQuerySchema;
export const MessagePageSchema = pageOf(MessageSummarySchema);
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const MessageParamsSchema = z.object({ id: databaseId('No such message') });

export const MessageRecipientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: MessageRecipientStatusSchema,
  /** The mail server's words when it refused or failed. */
  error: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});
export type MessageRecipient = z.infer<typeof MessageRecipientSchema>;

export const MessageRecipientQuerySchema = PageQuerySchema.extend({
  status: MessageRecipientStatusSchema.optional(),
});
export type MessageRecipientQuery = z.infer<typeof MessageRecipientQuerySchema>;

export const MessageDetailSchema = MessageSummarySchema.extend({
  body: z.string(),
  recipients: pageOf(MessageRecipientSchema),
});
export type MessageDetail = z.infer<typeof MessageDetailSchema>;

/** Answer of a retry: how many failed or bounced recipients were queued again. */
export const RetryMessageResultSchema = z.object({ queued: z.number().int() });

/** Answer of a test send: where it went. */
export const TestMessageResultSchema = z.object({ to: z.string() });

/** Default of the daily cap: emails of messages queued per edition per day (India time). */
export const DEFAULT_MESSAGE_DAILY_CAP = 5_000;

/** Hours after registering, at most, before the unpaid reminder (30 days). */
export const MAX_UNPAID_REMINDER_HOURS = 720;

/**
 * The edition's message settings: the daily cap of the organizers' messages, and which automatic
 * reminders are sent (modules/reminders): to a registration still unpaid `unpaidReminderHours`
 * after it was made, the day before the festival with the passes, and on joining a waiting list.
 */
export const MessageSettingsSchema = z.object({
  dailyCap: z.coerce
    .number({ error: 'Daily limit must be a whole number' })
    .int('Daily limit must be a whole number')
    .min(0, 'Daily limit must be 0 or more')
    .max(1_000_000, 'Daily limit must be at most 1,000,000'),
  unpaidReminder: z.boolean(),
  unpaidReminderHours: z.coerce
    .number({ error: 'Hours must be a whole number' })
    .int('Hours must be a whole number')
    .min(1, 'Hours must be at least 1')
    .max(MAX_UNPAID_REMINDER_HOURS, `Hours must be at most ${MAX_UNPAID_REMINDER_HOURS}`),
  dayBeforeReminder: z.boolean(),
  waitingListConfirmation: z.boolean(),
});
export type MessageSettings = z.infer<typeof MessageSettingsSchema>;

/** The settings of an edition nobody has set: every reminder on, a day after registering. */
export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = {
  dailyCap: DEFAULT_MESSAGE_DAILY_CAP,
  unpaidReminder: true,
  unpaidReminderHours: 24,
  dayBeforeReminder: true,
  waitingListConfirmation: true,
};

/** The kinds of automatic reminder, each sent once per subject (automatic_reminders). */
export const AUTOMATIC_REMINDER_KINDS = ['unpaid', 'day_before', 'waiting_list_joined'] as const;
export type AutomaticReminderKind = (typeof AUTOMATIC_REMINDER_KINDS)[number];

export const MessageSettingsQuerySchema = z.object({ editionId: databaseId('Choose an edition') });

/** How many emails the edition may still queue today, with the settings. */
export const MessageSettingsViewSchema = MessageSettingsSchema.extend({
  editionId: z.number().int(),
  sentToday: z.number().int(),
  leftToday: z.number().int(),
});
export type MessageSettingsView = z.infer<typeof MessageSettingsViewSchema>;

/** Machine-readable code of the refusal past the daily cap. */
export const MESSAGE_DAILY_CAP_CODE = 'DAILY_CAP';
