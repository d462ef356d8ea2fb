/**
 * The 2023 recap on /highlights. Spec §2 does not show that page's content, so it is built from
 * what the spec says elsewhere about season one (§1 claims, /start-up, /awards, /sharkTank,
 * /start-up-showcase, /speakers) and links to those pages for the detail.
 */
import type { Highlights } from './schemas';

export const highlights: Highlights = {
  intro:
    'Season one of Startup Fest Gujarat brought founders, investors, mentors and thousands of visitors together in Ahmedabad. Here is what happened — and why the second edition is bigger.',
  investments: {
    heading: 'Over ₹532 Crores in Investments!',
    text: 'Season one ended with commitments of more than ₹532 crore for the startups that took part.',
  },
  // The spec's §1 headline claims, written here as the recap's own figures: the current edition's
  // live in the edition (console, Editions) and may change.
  stats: [
    { value: '1000+', label: 'Participants' },
    { value: '200+', label: 'Startups' },
    { value: '135+', label: 'Investors' },
    { value: '15000+', label: 'Visitors' },
  ],
  sections: [
    {
      heading: 'Award Night',
      text: 'The Startup Fest Award Night 2023 celebrated the founders and ideas that stood out over the two days.',
      path: '/awards',
      linkLabel: 'See the Award Night',
    },
    {
      heading: '2023 Startup Showcase',
      text: 'Dozens of startups showed their products at their stalls, from farm technology to rural healthcare.',
      path: '/start-up-showcase',
      linkLabel: 'Browse the 2023 Startup Showcase',
    },
    {
      heading: 'Shark Tank Featured Startups',
      text: 'Startups that had faced the sharks on television told the story of their journey since the show.',
      path: '/sharkTank',
      linkLabel: 'Meet the Shark Tank featured startups',
    },
    {
      heading: '2023 Speakers And Mentors',
      text: 'Speakers, mentors and moderators shared what they learned building and backing companies.',
      path: '/speakers',
      linkLabel: 'See the 2023 speakers and mentors',
    },
  ],
};
