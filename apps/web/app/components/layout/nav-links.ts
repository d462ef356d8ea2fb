/** The site menu (spec §2 Header): three dropdowns and a plain Contact link, labels verbatim. */
export interface NavLink {
  to: string;
  label: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: '2023 Highlights',
    links: [
      { to: '/highlights', label: '2023 Highlights' },
      { to: '/speakers', label: '2023 Speaker And Mentors' },
      { to: '/sharkTank', label: 'Shark Tank Featured Startups' },
      { to: '/awards', label: 'Award Night' },
      { to: '/start-up-showcase', label: '2023 Startup Showcase' },
    ],
  },
  {
    label: 'Why Attend',
    links: [
      { to: '/start-up', label: 'For Startups' },
      { to: '/investor-accelator', label: 'For Investors And Accelerators' },
      { to: '/sponser', label: 'For Sponsors' },
      { to: '/guest-speakers', label: '2024 Guest & Speakers' },
      { to: '/sponser-2024', label: '2024 Sponsors' },
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

/** The footer's legal links (issue 9 §3): the DPDP Act privacy notice and the terms. */
export const LEGAL_LINKS: readonly NavLink[] = [
  { to: '/privacypolicy', label: 'Privacy notice' },
  { to: '/terms', label: 'Terms and conditions' },
];

/** Footer columns (spec §2 Footer): every Fest link goes to /startup, as the spec says. */
export const FOOTER_COLUMNS: readonly NavGroup[] = [
  {
    label: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/register', label: 'Participate' },
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
