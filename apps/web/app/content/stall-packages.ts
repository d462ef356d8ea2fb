/**
 * Prices shown on /startup and /visitor (spec §2 Startup page, §9 displayed prices): the passes
 * of 'Grab Your Tickets' and the stall packages of 'Exhibit Your Startup'. Amounts are integer
 * paise, like every amount in the project. Display only: the server prices real orders.
 */
import type { PassPrice, StallPackage } from './schemas';

export type { PassPrice, StallPackage };

export const passPrices: PassPrice[] = [
  {
    name: 'Investor Pass',
    listPricePaise: 400_000,
    pricePaise: 100_000,
    summary: 'Both days, every stall and the pitching stage: talk to all the startups.',
  },
  {
    name: 'Visitor Pass',
    listPricePaise: 100_000,
    pricePaise: 10_000,
    summary: 'Both days: the exhibition, the pitches and the sessions.',
  },
];

/** The displayed price of the pass called `name`. @throws Error when the data has no such pass. */
export function findPassPrice(name: string): PassPrice {
  const pass = passPrices.find((item) => item.name === name);
  if (!pass) throw new Error(`stall-packages: no pass named ${name}`);
  return pass;
}

// §9 spells the first package "Sliver"; the organisers mean the metal.
export const stallPackages: StallPackage[] = [
  { name: 'Silver', pricePaise: 1_000_000, features: ['2x2 m stall', '1 table', 'Chair'] },
  {
    name: 'Gold',
    pricePaise: 2_500_000,
    features: ['3x3 m stall', '4 chairs', '4 food passes', 'Visitor passes'],
  },
  {
    name: 'Platinum',
    pricePaise: 10_000_000,
    features: ['Sponsorship stall', '6 food passes', 'Visitor passes'],
  },
];
