/**
 * /sharkTank: featured startups' journey from a TV show, three startup sections, as the spec has
 * it. The spec gives no names or stories, so the three startups are clearly marked samples.
 */
import type { SharkTankStartup } from './schemas';

export type { SharkTankStartup };

export const SHARK_TANK_IMAGE_SIZE = { width: 560, height: 360 } as const;

export const sharkTankStartups: SharkTankStartup[] = [
  {
    name: 'Sample Startup A',
    sector: 'Agri-Tech',
    story: [
      'Started in a village workshop with a low-cost soil sensor for smallholder farmers.',
      'Pitched on the TV show, closed a deal with two investors and now serves farmers across three states.',
    ],
  },
  {
    name: 'Sample Startup B',
    sector: 'Food-Tech',
    story: [
      'Turned a family recipe for millet snacks into a brand sold through rural self-help groups.',
      'After the show, doubled production and opened a second processing unit.',
    ],
  },
  {
    name: 'Sample Startup C',
    sector: 'Rural Healthcare',
    story: [
      'Built a portable screening kit that lets health workers test for anaemia in minutes.',
      'The TV appearance brought a hospital partnership and orders from two state programmes.',
    ],
  },
].map((startup, index) => ({
  ...startup,
  image: {
    src: `/images/shark-tank/sample-startup-${'abc'[index]}.svg`,
    ...SHARK_TANK_IMAGE_SIZE,
    alt: `${startup.name}, ${startup.sector}: illustration placeholder`,
  },
  sample: true,
}));
