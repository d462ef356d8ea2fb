/**
 * The 2023 (season one) recap used by /start-up, /investor-accelator and /awards.
 * Quotes, two of the six highlights and the Award Night illustration are not in the spec: they
 * are flagged `sample`, and the pages stop showing them once the owner removes the sample content
 * (lib/current-edition.ts `useSiteSamples`).
 */
import type { SeasonOne } from './schemas';

export type { Quote } from './schemas';

export const seasonOne: SeasonOne = {
  investmentsCrore: 532,
  highlights: [
    {
      title: 'World-class content',
      text: 'Keynotes, panels and workshops from people who have built and funded startups.',
      sample: false,
    },
    {
      title: 'Curated Networking',
      text: 'Meetings matched to your sector and stage, with investors, mentors and peers.',
      sample: false,
    },
    {
      title: 'Media spotlight and Exposure',
      text: 'Press, social media and live coverage for the startups on stage.',
      sample: false,
    },
    {
      title: 'Innovative Prizes & Investment Opportunities',
      text: 'Awards, grants and direct conversations with investors.',
      sample: false,
    },
    {
      title: 'Startup Expo',
      text: 'Stalls where startups show their products to visitors, buyers and investors.',
      sample: true,
    },
    {
      title: 'Mentor Clinics',
      text: 'One-to-one sessions with mentors on product, funding and growth.',
      sample: true,
    },
  ],
  startupQuote: {
    text: 'Two days at the festival gave us more investor conversations than a whole year of cold emails.',
    author: 'Sample Founder',
    role: '2023 pitcher',
    sample: true,
  },
  investorQuotes: [
    {
      text: 'The best place to meet rural-first startups early, all under one roof.',
      author: 'Sample Investor',
      role: 'Angel investor',
      sample: true,
    },
    {
      text: 'Our cohort for the next season came straight from the 2023 showcase floor.',
      author: 'Sample Accelerator Lead',
      role: 'Accelerator programme',
      sample: true,
    },
  ],
  awardNightImage: {
    src: '/images/awards/award-night-2023.svg',
    width: 1200,
    height: 675,
    alt: 'Illustration of the Startup Fest Award Night 2023 stage with trophies and the award winners on stage',
    sample: true,
  },
};
