/**
 * Conversions between what an organizer types and what the API takes: rupees typed as text
 * and integer paise; a `datetime-local` value read as India time and an ISO 8601 instant with
 * its +05:30 offset (times are stored UTC and shown in Asia/Kolkata).
 */
import { EVENT_TIME_ZONE } from '~/components/console/format';

/** "1,234.50" → 123450; NaN when the text is not an amount (the schema then says so). */
export function rupeesToPaise(text: string): number {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

/** 123450 → "1234.50"; whole rupees without decimals ("500"). */
export function paiseToRupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as a `datetime-local` value in India time ("2024-10-20T09:30"); "" for null. */
export function isoToIndiaLocal(iso: string | null): string {
  if (!iso) return '';
  const part = Object.fromEntries(parts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** A `datetime-local` value read as India time, as an ISO instant with its offset; null for "". */
export function indiaLocalToIso(local: string): string | null {
  return local ? `${local.length === 16 ? `${local}:00` : local}+05:30` : null;
}
