/**
 * The passes of 'Grab Your Tickets' and the stall packages of 'Exhibit Your Startup' on /startup
 * and /visitor. No prices and no package contents here: each entry names the ticket type it is
 * sold as, and the page shows that ticket type's price and remarks from the server, the same the
 * organizers edit and checkout charges (facts kept once).
 */
import { ParticipantCategory } from '@festival/shared';
import type { PassOffer, StallPackage, TicketRef } from './schemas';

export type { PassOffer, StallPackage, TicketRef };

const { StartUp: STARTUP, Investor: INVESTOR, Visitor: VISITOR } = ParticipantCategory;

export const passOffers: PassOffer[] = [
  {
    name: 'Investor Pass',
    ticket: { participantCategoryId: INVESTOR, name: 'Investor Pass' },
    summary: 'Both days, every stall and the pitching stage: talk to all the startups.',
  },
  {
    name: 'Visitor Pass',
    ticket: { participantCategoryId: VISITOR, name: 'Visitor Pass' },
    summary: 'Both days: the exhibition, the pitches and the sessions.',
  },
];

/** The pass called `name`. @throws Error when the data has no such pass. */
export function findPassOffer(name: string): PassOffer {
  const pass = passOffers.find((item) => item.name === name);
  if (!pass) throw new Error(`stall-packages: no pass named ${name}`);
  return pass;
}

// The spec spells the first package "Sliver"; the organisers mean the metal. The Start-Up tab's
// packages: the Pitcher tab sells Gold and Platinum at the same prices, with a pitch slot.
export const stallPackages: StallPackage[] = [
  {
    name: 'Silver',
    ticket: { participantCategoryId: STARTUP, name: 'Silver Stall Package' },
  },
  {
    name: 'Gold',
    ticket: { participantCategoryId: STARTUP, name: 'Gold Stall Package' },
  },
  {
    name: 'Platinum',
    ticket: { participantCategoryId: STARTUP, name: 'Platinum Stall Package' },
  },
];
