/**
 * The rules every content file in app/content must follow, and the types the pages use. Objects
 * are strict, so a misspelt field name is an error rather than silently missing on the page. The build
 * checks each data file against its rule (validate.ts, run by the Vite plugin in vite.config.ts),
 * so a bad entry stops `npm run build` with the file name and the broken field. The browser never
 * loads this module: pages import only the data and its types, which keeps zod off pages without
 * forms.
 */
import { z } from 'zod';

/** Non-empty text without leading or trailing spaces (the pages show it as written). */
const text = (message = 'must not be empty or start or end with a space') =>
  z.string().regex(/^\S(?:[\s\S]*\S)?$/, message);
const paragraphs = () => z.array(text()).min(1);

/** A file under public/images/, its intrinsic size (the browser reserves the space) and its alt text. */
export const ContentImageSchema = z.strictObject({
  /** Site path of the file, e.g. '/images/sponsors/sample-sponsor-01.svg'. */
  src: z
    .string()
    .regex(/^\/images\/[a-z0-9-]+\/[a-z0-9-]+\.(svg|webp)$/, 'an image path under /images/<section>/'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: text('every image needs a text alternative, without leading or trailing spaces'),
});
export type ContentImage = z.infer<typeof ContentImageSchema>;

/** One event as it goes into an .ics file: ISO 8601 instants with their offset (IST is +05:30). */
const CalendarEventSchema = z.strictObject({
  title: text(),
  description: text(),
  location: text(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** Name of the downloaded file. */
  fileName: z.string().regex(/^[a-z0-9-]+\.ics$/),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

const EventDetailSchema = z.strictObject({
  title: text(),
  dateLabel: text(),
  timeLabel: text(),
  about: paragraphs(),
  location: z.strictObject({
    name: text(),
    address: text(),
    /** Google Maps embed address; the iframe loads only after Show Map (no third-party request on load). */
    mapEmbedUrl: z.url().startsWith('https://www.google.com/maps'),
    mapTitle: text(),
  }),
  host: z.strictObject({
    name: text(),
    about: text(),
    /** External profile opened by Follow, in a new tab. */
    followUrl: z.url(),
    followLabel: text(),
    /** True while the profile address is a placeholder the organiser has not confirmed. */
    sample: z.boolean(),
  }),
  /** The event in a calendar file; none while its dates are unknown. */
  calendar: CalendarEventSchema.optional(),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

/**
 * The words of the Review Purchase popup. Its figures are a real ticket type's, priced by the
 * server with GST; the page says which ticket type.
 */
const PurchasePopupSchema = z.strictObject({
  salesEnd: text(),
  finalSaleNote: text(),
});
export type PurchasePopup = z.infer<typeof PurchasePopupSchema>;

/** The band's sentence is the category's promise (content/categories.ts), a translated message. */
const RegisterBlockSchema = z.strictObject({ heading: text() });

export const EventPagesSchema = z.strictObject({
  afterHours: EventDetailSchema,
  purchasePopup: PurchasePopupSchema,
  registerAsPitcher: RegisterBlockSchema,
  registerAsInvestor: RegisterBlockSchema,
  startup: z.strictObject({ refundPolicy: paragraphs(), ticketText: paragraphs() }),
  popupVisitor: z.strictObject({
    cards: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9-]+$/),
          name: text(),
          salesEnd: text(),
          amountPlaceholder: z.number().int().positive(),
        }),
      )
      .length(3),
    /** Placeholder choices of 'Select your ticket' (the spec: "placeholder sample options"). */
    sampleOptions: paragraphs(),
  }),
  visitor: z.strictObject({ intro: text(), includes: paragraphs(), howToRegister: paragraphs() }),
});
export type EventPages = z.infer<typeof EventPagesSchema>;

export const OpportunitySchema = z.strictObject({ title: text(), text: text() });
export type Opportunity = z.infer<typeof OpportunitySchema>;

const HighlightSchema = z.strictObject({ title: text(), text: text(), sample: z.boolean() });
const QuoteSchema = z.strictObject({ text: text(), author: text(), role: text(), sample: z.boolean() });
export type Quote = z.infer<typeof QuoteSchema>;

export const SeasonOneSchema = z.strictObject({
  /** 'Startupfest At A Glance': six highlights. */
  highlights: z.array(HighlightSchema).length(6),
  startupQuote: QuoteSchema,
  investorQuotes: z.array(QuoteSchema).min(1),
  /** The one large image of /awards (an illustration standing in for the night's photo: `sample`). */
  awardNightImage: ContentImageSchema.extend({ sample: z.boolean() }),
  /** Investments committed at season one, in crore rupees (532 is "₹532 crore"). */
  investmentsCrore: z.number().int().positive(),
});
export type SeasonOne = z.infer<typeof SeasonOneSchema>;

export const SharkTankStartupSchema = z.strictObject({
  name: text(),
  sector: text(),
  /** Paragraphs of the startup's journey, shown in order. */
  story: paragraphs(),
  image: ContentImageSchema,
  sample: z.boolean(),
});
export type SharkTankStartup = z.infer<typeof SharkTankStartupSchema>;

/**
 * The ticket type a card sells, as the server lists it (`auth/list-by-participant/ticketMaster`):
 * the page shows that ticket type's price, so prices are kept once, in the database.
 */
export const TicketRefSchema = z.strictObject({
  participantCategoryId: z.number().int().min(1).max(4),
  /** The ticket type's name, exactly as seeded. */
  name: text(),
});
export type TicketRef = z.infer<typeof TicketRefSchema>;

export const PassOfferSchema = z.strictObject({
  name: text(),
  ticket: TicketRefSchema,
  summary: text(),
});
export type PassOffer = z.infer<typeof PassOfferSchema>;

/** A stall package card; what it includes is its ticket type's remarks, kept with its price. */
export const StallPackageSchema = z.strictObject({
  name: text(),
  ticket: TicketRefSchema,
});
export type StallPackage = z.infer<typeof StallPackageSchema>;
