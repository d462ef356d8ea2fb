/**
 * The current festival edition as every public page shows it: name, days and hours, venue and
 * map, theme, sectors, headline figures, video and how visitors register. It is data, read at
 * run time from `GET /api/auth/event/current` (organizers change it in the console), never a
 * build-time constant: a new edition changes no code and needs no rebuild.
 *
 * One query, key `CURRENT_EDITION_QUERY_KEY`, holds it:
 * - the API renders every public page with that query filled (the root route's `handle`,
 *   app/entry.server.tsx, apps/api/src/plugins/web-content-pages.ts) and writes it into the page,
 *   so the first paint already names the edition and hydration matches;
 * - the build-time prerender has no data: pages render neutral text, which the browser fills
 *   once the query has loaded (`EditionProvider`, lib/deferred-query.ts).
 * This module imports no TanStack Query code, so pages that leave it out of their first load
 * (the home page) can read the edition too.
 */
import { EVENT_TIME_ZONE, shownText, type FestivalEvent } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useDeferredQuery } from './deferred-query';
import { INTL_LOCALE, isLocale, SOURCE_LOCALE, type Locale } from './i18n/locales';
import type { PrefillQuery, QueryPrefill } from './query-prefill';

/** The query key of the current edition, shared by the server's prefill and the browser's query. */
export const CURRENT_EDITION_QUERY_KEY = ['event', 'current'] as const;

/** The API path of the current edition (under /api). */
export const CURRENT_EDITION_PATH = '/auth/event/current';

/** The root route's prefill: every public page is rendered with the current edition. */
export const currentEditionPrefill = (): PrefillQuery => ({
  queryKey: [...CURRENT_EDITION_QUERY_KEY],
  path: CURRENT_EDITION_PATH,
});

/** The festival's brand, not an edition fact: what pages say where the edition's name is unknown. */
export const BRAND_NAME = 'Startup Fest Gujarat';

const EditionContext = createContext<FestivalEvent | undefined>(undefined);

/** The edition a server render filled in (from `prefill`'s seeds), if it did. */
export function seededEdition(prefill: QueryPrefill | null): FestivalEvent | undefined {
  const key = JSON.stringify(CURRENT_EDITION_QUERY_KEY);
  const seed = prefill?.seeds.find((candidate) => JSON.stringify(candidate.queryKey) === key);
  return (seed?.data ?? undefined) as FestivalEvent | undefined;
}

// A module-level loader, as useDeferredQuery asks: the query's options load with TanStack Query.
const loadEditionQuery = () =>
  import('./current-edition-query').then((module) => module.currentEditionQueryOptions());

/**
 * Provides the current edition to the public pages: on the first render the one the page was
 * rendered with (`seeded`, undefined on a prerendered page), then, once the browser is idle
 * after hydration, the query's data from the app's QueryClient, following its updates.
 */
export function EditionProvider({
  seeded,
  follow,
  children,
}: {
  seeded: FestivalEvent | undefined;
  /** Whether to load and follow the query in the browser (not in the console, which shows no edition). */
  follow: boolean;
  children: ReactNode;
}) {
  const loaded = useDeferredQuery(loadEditionQuery, follow);
  return createElement(EditionContext, { value: loaded ?? seeded }, children);
}

/**
 * The current edition, or undefined while it is unknown (a prerendered page before the query
 * has loaded, or the API failing): show neutral text then, never an old edition's facts.
 */
export function useCurrentEdition(): FestivalEvent | undefined {
  return useContext(EditionContext);
}

/**
 * Whether the public pages show the site's own samples (held in code and marked "Sample": the
 * season-one quotes, the host's profile link and the rest; SITE_SAMPLES in packages/shared): the
 * current edition says so until the owner removes the sample content. False while the edition
 * is unknown, so placeholders the owner removed never show on a prerendered page.
 */
export function useSiteSamples(): boolean {
  return useCurrentEdition()?.siteSamples ?? false;
}

/** `items` without the samples among them once the site no longer shows its own samples. */
export function withoutRemovedSamples<T extends { sample: boolean }>(
  items: readonly T[],
  shown: boolean,
): T[] {
  return items.filter((item) => shown || !item.sample);
}

/** The date and time formats of one language, made once each (India time, Latin digits). */
function formatsOf(locale: Locale) {
  const tag = INTL_LOCALE[locale];
  return {
    day: new Intl.DateTimeFormat(tag, {
      timeZone: EVENT_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
    time: new Intl.DateTimeFormat(tag, {
      timeZone: EVENT_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    }),
    year: new Intl.DateTimeFormat(tag, { timeZone: EVENT_TIME_ZONE, year: 'numeric' }),
    list: new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }),
  };
}

const formats = new Map<Locale, ReturnType<typeof formatsOf>>();
const formatsFor = (locale: Locale) => {
  let found = formats.get(locale);
  if (!found) {
    found = formatsOf(locale);
    formats.set(locale, found);
  }
  return found;
};

/** An instant's time of day in India time as the site writes it: "10:00 AM" (in `locale`, English by default). */
export const timeOfDay = (instant: string, locale: Locale = SOURCE_LOCALE) =>
  formatsFor(locale).time.format(new Date(instant)).toUpperCase();

/**
 * The days from one instant to another in India time as the site writes them: "20–21 October
 * 2024", one day "20 October 2024" (in `locale`'s words, English by default).
 */
export const editionDays = (startDate: string, endDate: string, locale: Locale = SOURCE_LOCALE) =>
  formatsFor(locale).day.formatRange(new Date(startDate), new Date(endDate));

/** The edition's facts as the pages write them (all in India time, Asia/Kolkata). */
export interface EditionFacts {
  name: string;
  /** "20–21 October 2024" (one day: "20 October 2024"). */
  days: string;
  /** Daily hours, opening on the first day to closing on the last: "10:00 AM – 07:00 PM". */
  hours: string;
  /** The year the edition starts in: "2024". */
  year: string;
  venue: string;
  venueMapUrl: string;
  /** "2nd edition", or null when the edition is unnumbered. */
  ordinal: string | null;
  /**
   * The edition's headline figures in a sentence, "1000+ participants, 200+ startups and 135+
   * investors", or null when the organizers set none. Pages quote the figures only through this,
   * so they never disagree with the home page's numbers.
   */
  figures: string | null;
}

/**
 * "1000+ participants, 200+ startups and 135+ investors" from the edition's figures, or null
 * without any; the labels are the organizers' (their translation into `locale` where they wrote
 * one), the list's "and" is `locale`'s.
 */
export function figuresSentence(
  stats: FestivalEvent['stats'],
  locale: Locale = SOURCE_LOCALE,
): string | null {
  if (stats.length === 0) return null;
  return formatsFor(locale).list.format(
    stats.map(
      (stat) =>
        `${stat.value} ${shownText(stat.translations, locale, 'label', stat.label).text.toLowerCase()}`,
    ),
  );
}

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });

/** 2 → "2nd edition". */
export const editionOrdinal = (editionNumber: number) =>
  `${editionNumber}${ORDINAL_SUFFIX[ordinalRules.select(editionNumber)] ?? 'th'} edition`;

/**
 * "2nd edition" as a message: each language has its own ordinal forms (CLDR's ordinal
 * categories; Gujarati "2જી આવૃત્તિ", Hindi "2रा संस्करण").
 */
const EDITION_ORDINAL = msg({
  message:
    '{editionNumber, selectordinal, one {#st edition} two {#nd edition} few {#rd edition} other {#th edition}}',
});

/**
 * The edition's facts formatted for display (`edition` as the API gives it, instants in UTC), in
 * `i18n`'s language, the name and venue the organizers' translation where they wrote one (else
 * the English); without `i18n`, in English (pages not yet translated).
 */
export function editionFacts(edition: FestivalEvent, i18n?: I18n): EditionFacts {
  const locale = i18n && isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const { editionNumber } = edition;
  return {
    name: shownText(edition.translations, locale, 'name', edition.name).text,
    days: editionDays(edition.startDate, edition.endDate, locale),
    hours: `${timeOfDay(edition.startDate, locale)} – ${timeOfDay(edition.endDate, locale)}`,
    year: formatsFor(locale).year.format(new Date(edition.startDate)),
    venue: shownText(edition.translations, locale, 'venue', edition.venue).text,
    venueMapUrl: edition.venueMapUrl,
    ordinal:
      editionNumber === null
        ? null
        : i18n
          ? i18n._({ ...EDITION_ORDINAL, values: { editionNumber } })
          : editionOrdinal(editionNumber),
    figures: figuresSentence(edition.stats, locale),
  };
}

/** The current edition's formatted facts in the page's language, or undefined while the edition is unknown. */
export function useEditionFacts(): EditionFacts | undefined {
  const edition = useCurrentEdition();
  const { i18n } = useLingui();
  return edition ? editionFacts(edition, i18n) : undefined;
}
