/**
 * The console's reports (`GET /api/admin/reports`): an edition's sales and GST by ticket type
 * and day, vouchers, refunds, check-ins by hour and gate, and waiting lists; each also as CSV or
 * XLSX (`GET /api/admin/reports/{report}.{csv|xlsx}`). Money in integer paise; days and hours in
 * Asia/Kolkata.
 */
import { z } from 'zod';
import { EXPORT_ROLES } from './admin.js';
import { MAX_DATABASE_ID } from './input.js';

/** Reports show money and people's counts: the roles that export lists read them. */
export const REPORT_ROLES = EXPORT_ROLES;

export const REPORT_NAMES = ['sales', 'vouchers', 'refunds', 'checkins', 'waiting-list'] as const;
export const ReportNameSchema = z.enum(REPORT_NAMES, { error: 'Unknown report' });
export type ReportName = z.infer<typeof ReportNameSchema>;

/** `?edition=`: an edition's id; without it, the current edition. */
export const ReportsQuerySchema = z.object({
  edition: z.coerce
    .number({ error: 'Choose an edition' })
    .int('Choose an edition')
    .positive('Choose an edition')
    .max(MAX_DATABASE_ID, 'Choose an edition')
    .optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;

const paise = z.number().int();

export const SalesReportRowSchema = z.object({
  /** The day paid, YYYY-MM-DD in India. */
  day: z.string(),
  ticketTypeId: z.number().int(),
  ticketName: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  /** The lines' prices after vouchers, before GST was applied. */
  beforeTax: paise,
  taxable: paise,
  cgst: paise,
  sgst: paise,
  igst: paise,
  total: paise,
});
export type SalesReportRow = z.infer<typeof SalesReportRowSchema>;

export const VoucherReportRowSchema = z.object({
  code: z.string(),
  priceMode: z.string(),
  value: z.number().int(),
  maxUses: z.number().int(),
  orders: z.number().int(),
  seats: z.number().int(),
  /** Paise of the orders still paid. */
  revenue: paise,
});
export type VoucherReportRow = z.infer<typeof VoucherReportRowSchema>;

export const RefundReportRowSchema = z.object({
  /** The day the refund was asked for, YYYY-MM-DD in India. */
  day: z.string(),
  status: z.string(),
  refunds: z.number().int(),
  amount: paise,
});
export type RefundReportRow = z.infer<typeof RefundReportRowSchema>;

export const CheckinReportRowSchema = z.object({
  /** The hour scanned, `YYYY-MM-DD HH:00` in India. */
  hour: z.string(),
  listName: z.string(),
  gate: z.string(),
  admitted: z.number().int(),
  exits: z.number().int(),
  refused: z.number().int(),
});
export type CheckinReportRow = z.infer<typeof CheckinReportRowSchema>;

export const WaitingListReportRowSchema = z.object({
  ticketTypeId: z.number().int(),
  ticketName: z.string(),
  status: z.string(),
  entries: z.number().int(),
  seats: z.number().int(),
});
export type WaitingListReportRow = z.infer<typeof WaitingListReportRowSchema>;

export const ReportEditionSchema = z.object({ id: z.number().int(), name: z.string() });

/** `GET /api/admin/editions`: every edition, the current one first (the console's edition switchers). */
export const EditionListSchema = z.array(ReportEditionSchema);
export type EditionList = z.infer<typeof EditionListSchema>;

export const ReportsSchema = z.object({
  edition: ReportEditionSchema,
  /** Every edition, the current one first: the console's switcher. */
  editions: z.array(ReportEditionSchema),
  sales: z.array(SalesReportRowSchema),
  vouchers: z.array(VoucherReportRowSchema),
  refunds: z.array(RefundReportRowSchema),
  checkins: z.array(CheckinReportRowSchema),
  waitingList: z.array(WaitingListReportRowSchema),
});
export type Reports = z.infer<typeof ReportsSchema>;
