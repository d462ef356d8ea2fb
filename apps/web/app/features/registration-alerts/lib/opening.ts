/**
 * When registration opens, as the pages write it. A module of its own so the home page's call to
 * register formats the moment without loading the notice and its form (TanStack Query).
 */
import { EVENT_TIME_ZONE } from '@festival/shared';

/** "Friday, 20 September 2024 at 10:00 am" in India time, in `intlLocale` (English by default). */
export const formatOpeningMoment = (iso: string, intlLocale = 'en-IN') =>
  new Intl.DateTimeFormat(intlLocale, {
    timeZone: EVENT_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
