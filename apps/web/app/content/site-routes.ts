/**
 * Every static path of the site (the spec's route table) with the text its <h1> contains.
 * The accessibility, HTML-validation and Lighthouse checks and the sitemap iterate over this
 * list, so a new page is checked as soon as its entry is here. Page owners keep their entry's
 * heading in step with the page. Dynamic routes (/cms/{id}) are not listed.
 */
export interface SiteRoute {
  /** Path as linked, e.g. '/sharkTank' (the spec's spelling, including its typos). */
  path: string;
  /** Text the page's single <h1> contains (case-sensitive substring). */
  heading: string;
  /** Listed in sitemap.xml; off for pages that only make sense after an action or as demos. */
  sitemap: boolean;
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', heading: 'Startup Fest Gujarat', sitemap: true },
  { path: '/register', heading: 'Register for Startup Fest Gujarat', sitemap: true },
  { path: '/participants', heading: 'Participants', sitemap: true },
  { path: '/startup', heading: 'for Startups', sitemap: true },
  { path: '/investor', heading: 'Friday AfterHours: Sufi Unplugged', sitemap: true },
  { path: '/pitcher', heading: 'Friday AfterHours: Sufi Unplugged', sitemap: true },
  { path: '/highlights', heading: 'Highlights', sitemap: true },
  { path: '/speakers', heading: 'Speakers And Mentors', sitemap: true },
  { path: '/sharkTank', heading: 'Shark Tank Featured Startups', sitemap: true },
  { path: '/visitor', heading: 'Visitor Pass', sitemap: true },
  { path: '/about', heading: 'About', sitemap: true },
  { path: '/event-flow', heading: 'Event Flow!', sitemap: true },
  { path: '/investor-accelator', heading: 'For Investors And Accelerators', sitemap: true },
  { path: '/contact', heading: 'Get In Touch For Event Inquiries', sitemap: true },
  { path: '/sponser', heading: 'For Sponsors', sitemap: true },
  { path: '/awards', heading: 'Startup Fest Awards', sitemap: true },
  { path: '/start-up', heading: 'For Startups', sitemap: true },
  { path: '/faq', heading: 'Frequently asked questions', sitemap: true },
  { path: '/start-up-showcase', heading: 'Startup Showcase', sitemap: true },
  { path: '/privacypolicy', heading: 'Privacy Notice', sitemap: true },
  { path: '/terms', heading: 'Terms and Conditions', sitemap: true },
  { path: '/payment-failure', heading: 'PAYMENT FAILURE', sitemap: false },
  { path: '/payment-success', heading: 'We could not find this order', sitemap: false },
  { path: '/manage', heading: 'Manage my registration', sitemap: true },
  { path: '/popup-visitor', heading: 'Visitor Passes', sitemap: false },
  { path: '/activities', heading: 'Activities', sitemap: true },
  { path: '/sponser-2024', heading: '2024 Sponsors', sitemap: true },
  { path: '/guest-speakers', heading: 'Guest & Speakers', sitemap: true },
];
