/**
 * The site menu (spec: three dropdowns and a plain Contact link, labels verbatim). The first
 * group and its first link carry the highlights page's title ("2023 Highlights"), organizers'
 * content the current edition's answer brings, so a new season's recap renames the menu. Every
 * other label with a year names the edition whose entries its page lists, the current one: "2024
 * Speaker And Mentors", "2024 Startup Showcase", "2024 Guest & Speakers" and "2024 Sponsors" (the
 * spec's /sponser-2024 for 2024, that year's sponsors page after). The spec's menu said 2023 over
 * season one's lists; the seed keeps no season-one edition (the spec gives none of its dates), so
 * those sample lists belong to 2024 and say so. Labels are messages (app/locales/), translated
 * with the page's Lingui instance; a link goes to the page's twin in the page's language where
 * there is one (lib/i18n/localized-routes.ts).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { editionFacts, useCurrentEdition } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';

export interface NavLink {
  to: string;
  label: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** A menu entry before translation. */
interface NavEntry {
  to: string;
  label: MessageDescriptor;
}

interface NavEntryGroup {
  label: MessageDescriptor;
  links: readonly NavEntry[];
}

/** The spec's page of the 2024 edition's sponsors. */
const SPONSORS_2024 = '/sponser-2024';

/** What the highlights group is called until the edition (and its highlights page's title) is known. */
export const HIGHLIGHTS_FALLBACK = msg`Highlights`;

/**
 * The menu in `i18n`'s language with the highlights page's `highlightsTitle` (organizers' text;
 * the fallback while unknown or when there is none) and the current edition's `year` (undefined
 * while unknown).
 */
export function navGroups(
  i18n: I18n,
  highlightsTitle: string | null | undefined,
  year: string | undefined,
): readonly NavGroup[] {
  const highlights = highlightsTitle || i18n._(HIGHLIGHTS_FALLBACK);
  const named = (link: NavEntry): NavLink => {
    switch (link.to) {
      case '/highlights':
        return { to: link.to, label: highlights };
      case '/speakers':
        // The spec's menu spelling ("Speaker"); the page's heading says "Speakers".
        return { to: link.to, label: i18n._(year ? msg`${year} Speaker And Mentors` : link.label) };
      case '/start-up-showcase':
        return { to: link.to, label: i18n._(year ? msg`${year} Startup Showcase` : link.label) };
      case '/guest-speakers':
        return { to: link.to, label: i18n._(year ? msg`${year} Guest & Speakers` : link.label) };
      case SPONSORS_2024:
        if (!year) return { to: link.to, label: i18n._(link.label) };
        return {
          to: year === '2024' ? SPONSORS_2024 : `/archive/sponsors/${year}`,
          label: i18n._(msg`${year} Sponsors`),
        };
      default:
        return { to: link.to, label: i18n._(link.label) };
    }
  };
  return NAV_GROUPS.map((group, index) => ({
    label: index === 0 ? highlights : i18n._(group.label),
    links: group.links.map(named),
  }));
}

/** `groups` with every link to the page's twin in `locale` where it has one. */
function localized(groups: readonly NavGroup[], locale: ReturnType<typeof usePageLocale>) {
  return groups.map((group) => ({
    label: group.label,
    links: group.links.map((link) => ({ to: localizedPath(link.to, locale), label: link.label })),
  }));
}

/** The menu as the current edition names it (`navGroups`), in the page's language. */
export function useNavGroups(): readonly NavGroup[] {
  const edition = useCurrentEdition();
  const { i18n } = useLingui();
  const locale = usePageLocale();
  return localized(
    navGroups(i18n, edition?.highlightsTitle, edition ? editionFacts(edition).year : undefined),
    locale,
  );
}

const NAV_GROUPS: readonly NavEntryGroup[] = [
  {
    label: HIGHLIGHTS_FALLBACK,
    links: [
      { to: '/highlights', label: HIGHLIGHTS_FALLBACK },
      { to: '/speakers', label: msg`Speaker And Mentors` },
      { to: '/sharkTank', label: msg`Shark Tank Featured Startups` },
      { to: '/awards', label: msg`Award Night` },
      { to: '/start-up-showcase', label: msg`Startup Showcase` },
    ],
  },
  {
    label: msg`Why Attend`,
    links: [
      { to: '/start-up', label: msg`For Startups` },
      { to: '/investor-accelator', label: msg`For Investors And Accelerators` },
      { to: '/sponser', label: msg`For Sponsors` },
      { to: '/guest-speakers', label: msg`Guest & Speakers` },
      { to: SPONSORS_2024, label: msg`Sponsors` },
    ],
  },
  {
    label: msg`Info`,
    links: [
      { to: '/about', label: msg`About Event` },
      { to: '/activities', label: msg`Activities` },
      { to: '/faq', label: msg`FAQ` },
      { to: '/event-flow', label: msg`Event Flow` },
      { to: '/manage', label: msg`Manage my registration` },
    ],
  },
];

/** The plain Contact link after the dropdowns. */
const CONTACT: NavEntry = { to: '/contact', label: msg`Contact` };

/** The plain Contact link, in the page's language. */
export function useContactLink(): NavLink {
  const { i18n } = useLingui();
  const locale = usePageLocale();
  return { to: localizedPath(CONTACT.to, locale), label: i18n._(CONTACT.label) };
}

/** The footer's legal links: the DPDP Act privacy notice and the terms. */
const LEGAL_LINKS: readonly NavEntry[] = [
  { to: '/privacypolicy', label: msg`Privacy notice` },
  { to: '/terms', label: msg`Terms and conditions` },
];

/** Footer columns: every Fest link goes to /startup, as the spec says. */
const FOOTER_COLUMNS: readonly NavEntryGroup[] = [
  {
    label: msg`Company`,
    links: [
      { to: '/about', label: msg`About Us` },
      { to: '/register', label: msg`Participate` },
      { to: '/manage', label: msg`My registration` },
      { to: '/contact', label: msg`Contact Us` },
    ],
  },
  {
    label: msg`Fest`,
    links: [
      { to: '/startup', label: msg`Pitcher` },
      { to: '/startup', label: msg`Start-Up` },
      { to: '/startup', label: msg`Investor` },
      { to: '/startup', label: msg`Visitor` },
    ],
  },
];

/** The footer's columns and legal links, in the page's language. */
export function useFooterLinks(): { columns: readonly NavGroup[]; legal: readonly NavLink[] } {
  const { i18n } = useLingui();
  const locale = usePageLocale();
  const link = (entry: NavEntry): NavLink => ({
    to: localizedPath(entry.to, locale),
    label: i18n._(entry.label),
  });
  return {
    columns: FOOTER_COLUMNS.map((column) => ({ label: i18n._(column.label), links: column.links.map(link) })),
    legal: LEGAL_LINKS.map(link),
  };
}
