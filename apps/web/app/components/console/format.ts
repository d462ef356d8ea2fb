/** Number and time formats of the console: rupees from integer paise, instants in India time. */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** `123456` paise → `₹1,234.56` (Indian digit grouping). */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** The festival's time zone: times are stored UTC and shown here (spec). */
export const EVENT_TIME_ZONE = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: EVENT_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: EVENT_TIME_ZONE });

/** An ISO instant as `20 Oct 2024, 9:30 am` in India time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar day `YYYY-MM-DD` as `20 Oct 2024` (read at noon UTC, so no zone can shift the day). */
export function formatDay(day: string): string {
  return dateOnly.format(new Date(`${day}T12:00:00Z`));
}
