/**
 * The festival's own reference data: the 2024 edition and the next one a
 * fresh install sells, the participant categories and ticket types, industry sectors and
 * startup stages. Money is integer paise.
 */
import {
  EVENT_TIME_ZONE,
  PARTICIPANT_CATEGORY_NAMES,
  ParticipantCategory,
  type ParticipantCategoryId,
  type TicketSoldPer,
} from '@festival/shared';

/** The spec's 2024 edition: 20–21 October, 10:00 AM to 07:00 PM IST at Gujarat Science City. */
export const EVENT_2024 = {
  slug: '2024',
  name: 'Startup Fest Gujarat 2024',
  venue: 'Gujarat Science City, Ahmedabad',
  venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City+Ahmedabad',
  startsAt: new Date('2024-10-20T10:00:00+05:30'),
  endsAt: new Date('2024-10-21T19:00:00+05:30'),
  editionNumber: 2,
  theme: 'Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship',
  sectors: ['Agri-Tech', 'Food-Tech', 'Rural Innovation', 'Fin-Tech', 'Rural Healthcare', 'Edu-Tech'],
  stats: [
    { value: '1000+', label: 'Participants' },
    { value: '200+', label: 'Startups' },
    { value: '135+', label: 'Investors' },
    { value: '15000+', label: 'Visitors' },
  ],
  visitorRegistration: 'external' as const,
  visitorRegistrationUrl: 'https://allevents.in/ahmedabad/startup-fest-gujarat',
  referencePrefix: 'SFG24',
  invoicePrefix: 'SFG',
};

/** Days between today in India and the first day of the edition a fresh install sells, at least. */
export const NEXT_EDITION_LEAD_DAYS = 30;

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The edition a fresh install puts on sale, so the README's flow (register, pay, receive
 * passes) works on any date: the spec's edition (20–21 October, 10:00 AM to 07:00 PM
 * IST at Gujarat Science City, its theme, sectors and figures) in the first year whose 20
 * October is at least NEXT_EDITION_LEAD_DAYS days after `now`'s date in India. Numbered from
 * the spec's 2024 edition, the 2nd; order references start `SFG<yy>-`, invoices keep 2024's
 * series prefix. For a `now` up to 20 September 2024 this is EVENT_2024's facts.
 */
export function nextEdition(now: Date): typeof EVENT_2024 {
  const [year, month, day] = indiaDate.format(now).split('-').map(Number) as [number, number, number];
  const today = Date.UTC(year, month - 1, day);
  const leadDays = (Date.UTC(year, 9, 20) - today) / 86_400_000;
  const edition = leadDays >= NEXT_EDITION_LEAD_DAYS ? year : year + 1;
  return {
    ...EVENT_2024,
    slug: String(edition),
    name: `Startup Fest Gujarat ${edition}`,
    startsAt: new Date(`${edition}-10-20T10:00:00+05:30`),
    endsAt: new Date(`${edition}-10-21T19:00:00+05:30`),
    editionNumber: edition - 2022,
    referencePrefix: `SFG${String(edition % 100).padStart(2, '0')}`,
  };
}

/** Fixed ids the spec's register tabs use. */
export const PARTICIPANT_CATEGORIES = Object.values(ParticipantCategory).map((id: ParticipantCategoryId) => ({
  id,
  name: PARTICIPANT_CATEGORY_NAMES[id],
}));

export interface TicketTypeSeed {
  participantCategoryId: ParticipantCategoryId;
  name: string;
  /** Price in paise. */
  amount: number;
  /** Struck-through list price in paise (the spec's displayed prices). */
  listPrice: number | null;
  /** Why the price is below the list price, said beside it. */
  listPriceReason?: string;
  /** Passes are sold per attendee; stall packages per company, with the passes they include. */
  soldPer: TicketSoldPer;
  passesIncluded: number;
  capacity: number;
  remarks: string;
  /**
   * Stall packages are organising services (IGST Act s.12(7)): supplied in the buyer's state
   * when the buyer gives a GSTIN. Passes are admission (s.12(6)), the default.
   */
  placeOfSupply?: 'recipient';
}

/**
 * Passes and stall packages of 2024 (the spec's displayed prices and inclusions). A stall package
 * is bought once per company and admits as many attendees as the passes it includes: Gold 4
 * and Platinum 6 (the spec's counts); Silver's "1 table, chair" is read as one pass, for the exhibitor
 * who staffs it. Capacity of a stall package counts stalls. Sales stay open
 * (no sales window) in every edition the seed creates; an organiser may set one later.
 */
export const TICKET_TYPES_2024: TicketTypeSeed[] = [
  {
    participantCategoryId: ParticipantCategory.Pitcher,
    name: 'Gold Stall Package',
    amount: 2_500_000,
    listPrice: null,
    soldPer: 'company',
    passesIncluded: 4,
    capacity: 60,
    remarks: '3x3 m stall, 4 chairs, 4 food passes and visitor passes, 5-minute pitch slot',
    placeOfSupply: 'recipient',
  },
  {
    participantCategoryId: ParticipantCategory.Pitcher,
    name: 'Platinum Stall Package',
    amount: 10_000_000,
    listPrice: null,
    soldPer: 'company',
    passesIncluded: 6,
    capacity: 10,
    remarks: 'Sponsorship stall, 6 food passes and visitor passes, 5-minute pitch slot',
    placeOfSupply: 'recipient',
  },
  {
    participantCategoryId: ParticipantCategory.StartUp,
    name: 'Silver Stall Package',
    amount: 1_000_000,
    listPrice: null,
    soldPer: 'company',
    passesIncluded: 1,
    capacity: 150,
    remarks: '2x2 m stall, 1 table, chair',
    placeOfSupply: 'recipient',
  },
  {
    participantCategoryId: ParticipantCategory.StartUp,
    name: 'Gold Stall Package',
    amount: 2_500_000,
    listPrice: null,
    soldPer: 'company',
    passesIncluded: 4,
    capacity: 60,
    remarks: '3x3 m stall, 4 chairs, 4 food passes and visitor passes',
    placeOfSupply: 'recipient',
  },
  {
    participantCategoryId: ParticipantCategory.StartUp,
    name: 'Platinum Stall Package',
    amount: 10_000_000,
    listPrice: null,
    soldPer: 'company',
    passesIncluded: 6,
    capacity: 10,
    remarks: 'Sponsorship stall, 6 food passes and visitor passes',
    placeOfSupply: 'recipient',
  },
  {
    participantCategoryId: ParticipantCategory.Investor,
    name: 'Investor Pass',
    amount: 100_000,
    listPrice: 400_000,
    listPriceReason: 'Early bird',
    soldPer: 'attendee',
    passesIncluded: 1,
    capacity: 300,
    remarks: 'Talk to every startup at the festival',
  },
  {
    participantCategoryId: ParticipantCategory.Visitor,
    name: 'Visitor Pass',
    amount: 10_000,
    listPrice: 100_000,
    listPriceReason: 'Early bird',
    soldPer: 'attendee',
    passesIncluded: 1,
    capacity: 15_000,
    remarks: 'Entry to the festival on both days',
  },
];

/** Sectors: the spec's six of the 2024 theme first, then common others. */
export const INDUSTRY_CATEGORIES = [
  'Agri-Tech',
  'Food-Tech',
  'Rural Innovation',
  'Fin-Tech',
  'Rural Healthcare',
  'Edu-Tech',
  'Clean-Tech',
  'E-Commerce',
  'SaaS',
  'Manufacturing',
  'Social Impact',
  'Other',
];

/** Stages of a startup, earliest first. */
export const STARTUP_STAGES = ['Ideation', 'Validation', 'Early Traction', 'Scaling', 'Growth'];
