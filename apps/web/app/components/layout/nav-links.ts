/**
 * The site menu (spec: three dropdowns and a plain Contact link, labels verbatim). The first
 * group and its first link carry the highlights page's title ("2023 Highlights"), organizers'
 * content the current edition's answer brings, so a new season's recap renames the menu. Every
 * other label with a year names the edition whose entries its page lists, the current one: "2024
 * Speaker And Mentors", "2024 Startup Showcase", "2024 Guest & Speakers" and "2024 Sponsors" (the
 * spec's /sponser-2024 for 2024, that year's sponsors page after). The spec's menu said 2023 over
 * season one's lists; the seed keeps no season-one edition (the spec gives none of its dates), so
 * those sample lists belong to 2024 and say so.
 */
import { editionFacts, useCurrentEdition } from '~/lib/current-edition';

export interface NavLink {
  to: string;
  label: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** The spec's page of the 2024 edition's sponsors. */
const SPONSORS_2024 = '/sponser-2024';

/** What the highlights group is called until the edition (and its highlights page's title) is known. */
const HIGHLIGHTS_FALLBACK = 'Highlights';

/** "2024 Guest & Speakers": the current edition's guests and speakers; no year while it is unknown. */
export const guestSpeakersTitle = (year: string | undefined) =>
  year ? `${year} Guest & Speakers` : 'Guest & Speakers';

/** "2024 Speakers And Mentors" (the page's heading); no year while it is unknown. */
export const speakersTitle = (year: string | undefined) =>
  year ? `${year} Speakers And Mentors` : 'Speakers And Mentors';

/** "2024 Startup Showcase"; no year while it is unknown. */
export const showcaseTitle = (year: string | undefined) =>
  year ? `${year} Startup Showcase` : 'Startup Showcase';

/**
 * The menu with the highlights page's `highlightsTitle` (the fallback while unknown or when
 * there is none) and the current edition's `year` (undefined while unknown).
 */
export function navGroups(
  highlightsTitle: string | null | undefined,
  year: string | undefined,
): readonly NavGroup[] {
  const highlights = highlightsTitle || HIGHLIGHTS_FALLBACK;
  const named = (link: NavLink): NavLink => {
    switch (link.to) {
      case '/highlights':
        return { ...link, label: highlights };
      case '/speakers':
        // The spec's menu spelling ("Speaker"); the page's heading says "Speakers".
        return { ...link, label: year ? `${year} Speaker And Mentors` : 'Speaker And Mentors' };
      case '/start-up-showcase':
        return { ...link, label: showcaseTitle(year) };
      case '/guest-speakers':
        return { ...link, label: guestSpeakersTitle(year) };
      case SPONSORS_2024:
        if (!year) return { ...link, label: 'Sponsors' };
        return {
          to: year === '2024' ? SPONSORS_2024 : `/archive/sponsors/${year}`,
          label: `${year} Sponsors`,
        };
      default:
        return link;
    }
  };
  return NAV_GROUPS.map((group, index) => ({
    label: index === 0 ? highlights : group.label,
    links: group.links.map(named),
  }));
}

/** The menu as the current edition names it (`navGroups`). */
export function useNavGroups(): readonly NavGroup[] {
  const edition = useCurrentEdition();
  return navGroups(edition?.highlightsTitle, edition ? editionFacts(edition).year : undefined);
}

const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: HIGHLIGHTS_FALLBACK,
    links: [
      { to: '/highlights', label: HIGHLIGHTS_FALLBACK },
      { to: '/speakers', label: 'Speaker And Mentors' },
      { to: '/sharkTank', label: 'Shark Tank Featured Startups' },
      { to: '/awards', label: 'Award Night' },
      { to: '/start-up-showcase', label: 'Startup Showcase' },
    ],
  },
  {
    label: 'Why Attend',
    links: [
      { to: '/start-up', label: 'For Startups' },
      { to: '/investor-accelator', label: 'For Investors And Accelerators' },
      { to: '/sponser', label: 'For Sponsors' },
      { to: '/guest-speakers', label: 'Guest & Speakers' },
      { to: SPONSORS_2024, label: 'Sponsors' },
    ],
  },
  {
    label: 'Info',
    links: [
      { to: '/about', label: 'About Event' },
      { to: '/activities', label: 'Activities' },
      { to: '/faq', label: 'FAQ' },
      { to: '/event-flow', label: 'Event Flow' },
      { to: '/manage', label: 'Manage my registration' },
    ],
  },
];

export const CONTACT_LINK: NavLink = { to: '/contact', label: 'Contact' };

/** The footer's legal links: the DPDP Act privacy notice and the terms. */
export const LEGAL_LINKS: readonly NavLink[] = [
  { to: '/privacypolicy', label: 'Privacy notice' },
  { to: '/terms', label: 'Terms and conditions' },
];

/** Footer columns: every Fest link goes to /startup, as the spec says. */
export const FOOTER_COLUMNS: readonly NavGroup[] = [
  {
    label: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/register', label: 'Participate' },
      { to: '/manage', label: 'My registration' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
  {
    label: 'Fest',
    links: [
      { to: '/startup', label: 'Pitcher' },
      { to: '/startup', label: 'Start-Up' },
      { to: '/startup', label: 'Investor' },
      { to: '/startup', label: 'Visitor' },
    ],
  },
];
