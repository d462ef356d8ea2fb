/**
 * Texts, dates and demo prices of the event pages (/pitcher, /investor, /startup,
 * /popup-visitor, /visitor) and their ticket popups' demo totals. Organisers edit this file, not the
 * components; the build checks it against EventPagesSchema (schemas.ts). The festival's own
 * dates, venue and theme are the current edition's, read at run time
 * (features/event-pages/lib/festival-detail.ts); this file holds what does not change with it.
 */
import type { EventPages } from './schemas';

export type { CalendarEvent, EventDetail, PurchasePopup } from './schemas';

/** Who hosts the festival and its side events (its profile address is a sample). */
export const FESTIVAL_HOST = {
  name: 'Startup Fest Gujarat',
  about:
    'The festival is run by a foundation that connects innovators, startups, investors and visitors across Gujarat.',
  followUrl: 'https://www.instagram.com/',
  followLabel: 'Follow Startup Fest Gujarat on Instagram',
  sample: true,
};

export const eventPages: EventPages = {
  afterHours: {
    title: 'Friday AfterHours: Sufi Unplugged',
    dateLabel: 'Friday, 13 September 2024',
    timeLabel: '07:30 pm to 09:30 pm (GMT+05:30)',
    about: [
      'An evening of unplugged Sufi music for the festival community: founders, pitchers, investors and friends of Startup Fest Gujarat meet before the main event.',
      'Come for the music, stay for the conversations — a relaxed way to meet the people you will see on stage and at the stalls in October.',
    ],
    location: {
      name: 'A cafe in Ahmedabad',
      address: 'Ahmedabad, Gujarat, India (the cafe is confirmed with your ticket)',
      mapEmbedUrl: 'https://www.google.com/maps?q=Ahmedabad+Gujarat&output=embed',
      mapTitle: 'Map of Ahmedabad, Gujarat',
    },
    host: FESTIVAL_HOST,
    calendar: {
      title: 'Friday AfterHours: Sufi Unplugged',
      description: 'Startup Fest Gujarat community evening with unplugged Sufi music.',
      location: 'Ahmedabad, Gujarat, India',
      start: '2024-09-13T19:30:00+05:30',
      end: '2024-09-13T21:30:00+05:30',
      fileName: 'friday-afterhours-sufi-unplugged.ics',
    },
  },
  purchasePopup: {
    salesEnd: 'Sales end on October 20',
    finalSaleNote: 'All sales are final; no refunds.',
  },
  registerAsPitcher: {
    heading: 'Register Yourself As Pitcher',
  },
  registerAsInvestor: {
    heading: 'Register Yourself As Investor',
  },
  startup: {
    refundPolicy: [
      'Registration and ticket fees are non-refundable.',
      'If the event is cancelled, your fee is carried over to the new date. There is no refund if you cannot attend on the new date.',
    ],
    ticketText: [
      'One ticket admits one person. Buy one ticket for each attendee you register.',
      'Your event pass, with its QR code, is emailed after payment; show it at the entrance.',
    ],
  },
  popupVisitor: {
    cards: [
      {
        id: 'visitor-28-sept',
        name: '28 Sept Visitor Pass',
        salesEnd: 'September 28',
        amountPlaceholder: 100,
      },
      {
        id: 'visitor-29-sept',
        name: '29 Sept Visitor Pass',
        salesEnd: 'September 29',
        amountPlaceholder: 100,
      },
      { id: 'investor-pass', name: 'Investor Pass', salesEnd: 'September 29', amountPlaceholder: 1000 },
    ],
    sampleOptions: ['Sample option 1', 'Sample option 2', 'Sample option 3'],
  },
  visitor: {
    intro:
      "Walk the startups' stalls, watch founders pitch to investors and join the sessions — two days of rural innovation and entrepreneurship in Ahmedabad.",
    includes: [
      'Entry on both days of the festival, during its opening hours',
      'The startup exhibition and the pitching stage',
      'Panel discussions, workshops, storytelling sessions and the other festival activities',
      'An event pass with a QR code, sent to your email',
    ],
    howToRegister: [
      'Press Register Now below: our event-listing partner’s page opens in a new tab.',
      'Book your Visitor Pass there.',
    ],
  },
};
