/**
 * Drizzle tables (issue 2 §2; entities of spec §3). Money columns are integer paise,
 * timestamps are `timestamptz` (UTC instants). Migrations in `../../drizzle` are generated
 * from this file with `npm run db:generate` and committed.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS, DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL } from '@festival/shared';
import type {
  ErasureOutcome,
  PlaceOfSupplyRule,
  TicketSoldPer,
  EditionStat,
  TicketTypeVisibility,
  VisitorRegistration,
  VoucherPriceMode,
  WaitingListStatus,
} from '@festival/shared';
import {
  bigint,
  bigserial,
  check,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One edition of the festival. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    venueMapUrl: text('venue_map_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when an organizer closes award voting; null while voting is open. */
    votingClosedAt: timestamp('voting_closed_at', { withTimezone: true }),
    /** Embed address of the festival video the home page plays (https), if any. */
    videoUrl: text('video_url'),
    /** Which edition of the festival this is (2 for the spec's 2024 edition); null when unnumbered. */
    editionNumber: integer('edition_number'),
    /** The edition's theme as the home page states it; '' for none. */
    theme: text('theme').notNull().default(''),
    /** Sectors the edition focuses on, in the order the site lists them. */
    sectors: text('sectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Headline figures of the home page ("1000+" Participants), in order. */
    stats: jsonb('stats').$type<EditionStat[]>().notNull().default([]),
    /**
     * How visitors register: 'pass' (the Visitor passes on sale here) or 'external' (the Visitor
     * tab links to `visitorRegistrationUrl`, as the spec's edition did).
     */
    visitorRegistration: text('visitor_registration')
      .$type<VisitorRegistration>()
      .notNull()
      .default('external'),
    /** The external listing the Visitor tab opens when visitors register elsewhere. */
    visitorRegistrationUrl: text('visitor_registration_url'),
    /** Start of this edition's order references (`SFG24` → `SFG24-7KQ2M9XW4P`). */
    referencePrefix: text('reference_prefix').notNull(),
    /**
     * Series of this edition's tax invoices and credit notes (`SFG` → `SFG/2526/42`); numbers
     * are consecutive per prefix and financial year (CGST Rules 2017 rule 46(b)).
     */
    invoicePrefix: text('invoice_prefix').notNull(),
    /**
     * When organizers made this edition the current one (issue 8 Editions). The current edition
     * is the one made current last; editions never made current (the seed's) come after, latest
     * start first.
     */
    currentSince: timestamp('current_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('events_visitor_registration_ck', sql`${t.visitorRegistration} in ('pass', 'external')`)],
);

/** Pitcher 1, Start-Up 2, Investor 3, Visitor 4: fixed ids the register tabs use (spec §4). */
export const participantCategories = pgTable('participant_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A kind of pass or stall package on sale for one participant category. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    participantCategoryId: integer('participant_category_id')
      .notNull()
      .references(() => participantCategories.id),
    name: text('name').notNull(),
    /** Price in paise. */
    amount: integer('amount').notNull(),
    /** Struck-through list price in paise, if any (spec §9). */
    listPrice: integer('list_price'),
    remarks: text('remarks').notNull().default(''),
    /**
     * TICKET_SOLD_PER: 'attendee' (a pass: one unit per attendee) or 'company' (a stall
     * package: one unit per order, covering up to `passesIncluded` attendees; spec §2, §9).
     */
    soldPer: text('sold_per').$type<TicketSoldPer>().notNull().default('attendee'),
    /** Passes one unit includes: 1 for a pass; a stall package's passes (Gold 4, Platinum 6). */
    passesIncluded: integer('passes_included').notNull().default(1),
    /** Units on sale (passes, or stalls when sold per company); paid orders and unexpired reservations count against it. */
    capacity: integer('capacity').notNull(),
    /**
     * Units of paid orders, kept by the database (triggers on `orders`, migration 0021) in
     * the transaction that pays, refunds or removes an order, so checkout reads it from the
     * row it locks instead of summing every paid order. Never written by the app.
     */
    soldSeats: integer('sold_seats').notNull().default(0),
    /** When sales open; none means on sale from the start. */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** TICKET_TYPE_VISIBILITIES; hidden types are neither listed nor sold. */
    visibility: text('visibility').$type<TicketTypeVisibility>().notNull().default('visible'),
    /** Set instead of deleting a ticket type that has orders; archived types are neither listed nor sold. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Services Accounting Code printed on invoices (issue 10 §1); 998596 is event admission. */
    sacCode: text('sac_code').notNull().default('998596'),
    /** GST rate in basis points (1800 = 18 %); 0 for an exempt supply. */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    /** PLACE_OF_SUPPLY_RULES: 'event' (IGST Act s.12(6)) or 'recipient' (s.12(7), stall packages). */
    placeOfSupply: text('place_of_supply').$type<PlaceOfSupplyRule>().notNull().default('event'),
  },
  (t) => [
    check('ticket_types_place_of_supply_ck', sql`${t.placeOfSupply} in ('event', 'recipient')`),
    check('ticket_types_gst_rate_ck', sql`${t.gstRateBp} >= 0 and ${t.gstRateBp} <= 2800`),
    uniqueIndex('ticket_types_event_category_name_uq').on(t.eventId, t.participantCategoryId, t.name),
    check('ticket_types_visibility_ck', sql`${t.visibility} in ('visible', 'hidden')`),
    check('ticket_types_capacity_ck', sql`${t.capacity} >= 0`),
    check('ticket_types_sold_per_ck', sql`${t.soldPer} in ('attendee', 'company')`),
    check(
      'ticket_types_passes_included_ck',
      sql`${t.passesIncluded} >= 1 and (${t.soldPer} = 'company' or ${t.passesIncluded} = 1)`,
    ),
    check('ticket_types_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** Industry / sector a startup belongs to (spec §1 sectors). */
export const industryCategories = pgTable('industry_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const startupStages = pgTable('startup_stages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Countries with ISO 3166-1 alpha-2 code and ISD calling code ("+91"). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
  name: text('name').notNull(),
  isdCode: text('isd_code').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryId, t.code)],
);

/**
 * One registered person (an attendee). The same email may register once per event and
 * participant category.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    participantCategoryId: integer('participant_category_id')
      .notNull()
      .references(() => participantCategories.id),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    contactNo: text('contact_no').notNull(),
    companyName: text('company_name'),
    city: text('city').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    pincode: text('pincode'),
    address: text('address'),
    description: text('description'),
    /**
     * A colleague added to a company's registration (issue 9 §2): the registration whose
     * company details (and startup details) were copied onto this one. Always the company's
     * first registration, never another colleague.
     */
    colleagueOfId: uuid('colleague_of_id').references((): AnyPgColumn => registrations.id),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** When the registration confirmation job handed the email to the mail server. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrations_event_category_email_uq').on(
      t.eventId,
      t.participantCategoryId,
      sql`lower(${t.email})`,
    ),
  ],
);

/** Startup form details (Pitcher and Start-Up tabs). */
export const startupDetails = pgTable('startup_details', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  founderName: text('founder_name').notNull(),
  legalName: text('legal_name').notNull(),
  industryCategoryId: integer('industry_category_id')
    .notNull()
    .references(() => industryCategories.id),
  startupStageId: integer('startup_stage_id')
    .notNull()
    .references(() => startupStages.id),
  teamSize: text('team_size').notNull(),
  establishedOn: date('established_on').notNull(),
});

/** Investor form details. */
export const investorDetails = pgTable('investor_details', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  /** Intended investment in paise. */
  investmentAmount: bigint('investment_amount', { mode: 'number' }).notNull().default(0),
});

/** A file uploaded with a registration; stored under DATA_DIR with a server-generated name. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  /** logo | brochure | product_image */
  purpose: text('purpose').notNull(),
  storedName: text('stored_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  /** Type sniffed from the content, never the declared one. */
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

/** An order for passes: one ticket type × one seat per attendee. Amounts in paise. */
/**
 * A voucher code of an edition (issue 10 §3). Its uses are the seats of paid and unexpired
 * pending orders that name it, counted under a lock on this row at checkout.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Upper case, unique within the edition. */
    code: text('code').notNull(),
    /** Ticket types (of the same edition) the voucher prices. */
    ticketTypeIds: integer('ticket_type_ids').array().notNull(),
    /** VOUCHER_PRICE_MODES */
    priceMode: text('price_mode').$type<VoucherPriceMode>().notNull(),
    /** Paise for set_price and subtract, percent for percent, 0 for comp. */
    value: integer('value').notNull(),
    maxUses: integer('max_uses').notNull(),
    /** Seats of its (single) ticket type held for its buyers while it is usable. */
    reservedSeats: integer('reserved_seats').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vouchers_event_code_idx').on(t.eventId, t.code)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public reference shown on the payment pages and in emails. */
    reference: text('reference').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** OrderStatusSchema: pending | paid | failed | expired | refund_due | refunded */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /** When an unpaid order's reservation lapses and its seats return to sale. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the buyer asked for more time; a reservation is extended at most once. */
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the pass email job handed the passes to the mail server. */
    passEmailSentAt: timestamp('pass_email_sent_at', { withTimezone: true }),
    /** The voucher that priced this order, if any (issue 10 §3). */
    voucherId: integer('voucher_id').references(() => vouchers.id),
    /**
     * The buyer's client address (`request.ip`) at checkout: the seats pending orders hold
     * are limited per address. Null for orders from before the limit.
     */
    clientAddress: text('client_address'),
    /**
     * SHA-256 of the checkout request that made the order (attendees in order, ticket,
     * voucher code, GST invoice details): the same request again, while the order holds its
     * seats, answers this order instead of holding seats twice.
     */
    checkoutDigest: text('checkout_digest'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_ticket_status_idx').on(t.ticketTypeId, t.status),
    index('orders_voucher_idx').on(t.voucherId),
    // Pending orders, to count a buyer's unpaid seats and to find lapsed reservations.
    index('orders_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const orderAttendees = pgTable(
  'order_attendees',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.registrationId] }),
    // An attendee's orders: checkout releases an attendee's earlier reservation through it.
    index('order_attendees_registration_idx').on(t.registrationId),
  ],
);

/**
 * Every payment notification received (callback, webhook, failure). A webhook's event id
 * is unique, so a replayed delivery is recognised and ignored.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** callback | webhook | failure | offline (a bank transfer an organizer recorded) */
    source: text('source').notNull(),
    providerEventId: text('provider_event_id'),
    orderId: uuid('order_id').references(() => orders.id),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.providerEventId)],
);

/**
 * One event pass per attendee of a paid order. The unique (event, attendee) index makes "one
 * pass per attendee per event" a database fact, whichever of several racing payments wins.
 */
export const passes = pgTable(
  'passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
    /** Unique, unguessable code printed on the pass and encoded in its QR code. */
    code: text('code').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Set when the pass stops being valid (its order was refunded in full). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passes_order_registration_uq').on(t.orderId, t.registrationId),
    uniqueIndex('passes_event_registration_uq').on(t.eventId, t.registrationId),
    // Whether attendees hold a pass (of any event), asked by every checkout and payment.
    index('passes_registration_idx').on(t.registrationId),
  ],
);

/**
 * Money returned to a buyer through the payment provider. Written with its job in the
 * transaction that decides it; the job sends it with the refund's id as the provider's
 * idempotency key (Razorpay `X-Refund-Idempotency`), so a retried job never refunds twice.
 * One automatic refund per captured payment: the unique payment index over automatic reasons
 * holds that; organizers may refund a payment in several parts.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Paise. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** REFUND_REASON in modules/payments/refund-status.ts. */
    reason: text('reason').notNull(),
    /** An organizer's refund: who asked for it and why, in their words. */
    requestedBy: text('requested_by'),
    comment: text('comment'),
    /** REFUND_STATUS: requested → pending (provider accepted) → processed | failed. */
    status: text('status').notNull().default('requested'),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the buyer's refund email was handed to the mail server. */
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_provider_payment_uq')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.reason} <> 'organizer'`),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** A message sent with the contact form (spec §3 Contact inquiry). Stored before the organiser is notified. */
export const contactInquiries = pgTable('contact_inquiries', {
  id: serial('id').primaryKey(),
  contactPersonName: text('contact_person_name').notNull(),
  email: text('email').notNull(),
  /** Phone number, digits only. */
  number: text('number').notNull(),
  subject: text('subject').notNull(),
  message: text('message'),
  /** Client address as Fastify saw it (behind a proxy only with TRUST_PROXY). */
  ip: text('ip'),
  createdAt: createdAt(),
  /** When the organiser's notification email was handed over; null if it failed. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  /** When an organizer marked the inquiry handled; null while it is open (issue 8 §2 Inquiries). */
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

/**
 * An organizer's email answer to a contact inquiry (issue 8 §2 Inquiries), sent by the
 * `inquiry-reply` job; `sentAt` records when the mail server took it.
 */
export const inquiryReplies = pgTable(
  'inquiry_replies',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => contactInquiries.id),
    organizerId: text('organizer_id').notNull(),
    organizerEmail: text('organizer_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('inquiry_replies_inquiry_idx').on(t.inquiryId)],
);

/** One FAQ entry (spec §3 FAQ item). `key` is the seed's stable name, so re-seeding never duplicates or overwrites. */
export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Hidden entries stay in the console but are not listed on /faq. */
  visible: boolean('visible').notNull().default(true),
});

/**
 * An award category of one edition ("Best Agri-Tech Startup"): its nominees are CMS pages of
 * kind 'nominee', and a voter has one vote in each category.
 */
export const awardCategories = pgTable(
  'award_categories',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('award_categories_event_name_uq').on(t.eventId, t.name)],
);

/**
 * A content page with organiser-written HTML (spec §3 CMS content): the about page (kind
 * 'about') and the award nominee pages (kind 'nominee') that /cms/{id} shows and voters vote for.
 * HTML is sanitised when written and again when read.
 */
export const cmsPages = pgTable('cms_pages', {
  id: serial('id').primaryKey(),
  /** 'about' | 'nominee' (CMS_PAGE_KINDS in packages/shared admin-content.ts). */
  kind: text('kind').notNull(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** A nominee's award category (which fixes its edition); null for the about page. */
  awardCategoryId: integer('award_category_id').references(() => awardCategories.id),
  contentHtml: text('content_html').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One entry of a public content collection (issue 8 Site content): speakers, sponsors,
 * featured startups, participant logos, activities and event-flow images, one table with a
 * `collection` column (CONTENT_COLLECTIONS in packages/shared admin-content.ts says what each
 * column means per collection). `key` is the seed's stable name (null for organizers' entries),
 * so re-seeding never duplicates or overwrites. `sample` marks the seed's placeholders.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    collection: text('collection').notNull(),
    key: text('key').unique(),
    name: text('name').notNull(),
    /** Title or topic, description, caption or time: the line under the name. */
    caption: text('caption').notNull().default(''),
    /** Speakers' group, sponsors' tier, event-flow day; '' where the collection has none. */
    group: text('group').notNull().default(''),
    linkUrl: text('link_url'),
    /** A site path (/images/…) or an uploaded image (/api/content/images/…). */
    imageUrl: text('image_url'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageAlt: text('image_alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    sample: boolean('sample').notNull().default(false),
    /** The edition the entry belongs to: the current edition's pages list its own, earlier ones are the archive. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_items_event_collection_position_idx').on(t.eventId, t.collection, t.position)],
);

/**
 * An image organizers uploaded for the site (issue 8 Site content), decoded and encoded again
 * as registration uploads are (modules/uploads); served publicly at /api/content/images/<id>.<ext>.
 */
export const contentImages = pgTable('content_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  storedName: text('stored_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  ext: text('ext').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: createdAt(),
});

/**
 * A one-time code emailed to a voter. Only the newest code of an email can be used; the code
 * itself is never stored, only its HMAC-SHA256 under OTP_SECRET.
 */
export const voteOtps = pgTable(
  'vote_otps',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The nominee page the popup was opened from, if the browser said. */
    cmsPageId: integer('cms_page_id').references(() => cmsPages.id),
    /** Wrong codes tried against this row. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when the email could not be sent, so the code can never be used. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /** Set from the app's clock (not the database's): the per-email rate limit counts by it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vote_otps_email_created_idx').on(t.email, t.createdAt)],
);

/**
 * One award vote. The unique email makes "one vote per email" hold even for racing requests;
 * the unique voter key (an HMAC of the email, modules/voting) keeps holding it after an erasure
 * replaced the email.
 */
export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Hex HMAC-SHA256 of the voter's email (`voterKey`); null on votes cast before it existed. */
    voterKey: text('voter_key'),
    cmsPageId: integer('cms_page_id')
      .notNull()
      .references(() => cmsPages.id),
    /** The nominee's category when the vote was cast: one vote per voter in each category. */
    awardCategoryId: integer('award_category_id')
      .notNull()
      .references(() => awardCategories.id),
    /** Client address of the verification (behind a proxy only with TRUST_PROXY), for spotting vote farms. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('votes_category_email_uq').on(t.awardCategoryId, t.email),
    uniqueIndex('votes_category_voter_key_uq').on(t.awardCategoryId, t.voterKey),
  ],
);

/**
 * Every change an organizer makes (issue 8 §1): who, when, from which address, what, and the
 * entity before and after. Append-only: a trigger of the migration raises on UPDATE, DELETE
 * and TRUNCATE, except an UPDATE that redacts a person's data after their erasure (it sets
 * `redacted_at` and keeps id, time, organizer, action and entity type). Organizer ids are text
 * (they come from the authentication library).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    organizerId: text('organizer_id').notNull(),
    organizerEmail: text('organizer_email').notNull(),
    /** Client address as Fastify saw it (behind a proxy only with TRUST_PROXY). */
    ip: text('ip').notNull(),
    /** `<entity>.<verb>`, e.g. 'ticket_type.update'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The entity before the change; null when it was created. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The entity after the change; null when it was deleted. */
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** When a registrant's erasure last replaced personal data in this row (modules/audit). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_organizer_idx').on(t.organizerId),
  ],
);
/*
 * Organizer accounts (issue 8 §1), kept by better-auth (apps/api/src/auth/auth.ts) through its
 * Drizzle adapter: an organizer is better-auth's "user" with a role. Property names are the
 * fields better-auth reads and writes; ids are better-auth's random strings. Passwords are
 * better-auth's scrypt hashes in `organizer_accounts.password`, never here.
 */

/** An organizer: who signs in to the console, and their role (ORGANIZER_ROLES). */
export const organizers = pgTable('organizers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull(),
  /** A disabled organizer cannot sign in; their sessions were ended when they were disabled. */
  disabled: boolean('disabled').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser: the cookie holds `token` (signed). */
export const organizerSessions = pgTable(
  'organizer_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_sessions_user_idx').on(table.userId)],
);

/** Sign-in methods of an organizer; `providerId = 'credential'` holds the password hash. */
export const organizerAccounts = pgTable(
  'organizer_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_accounts_user_idx').on(table.userId)],
);

/** better-auth's short-lived values: WebAuthn challenges, the two-factor step of a sign-in. */
export const organizerVerifications = pgTable(
  'organizer_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_verifications_identifier_idx').on(table.identifier)],
);

/** An organizer's TOTP secret and backup codes, both encrypted by better-auth. */
export const organizerTwoFactors = pgTable(
  'organizer_two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    index('organizer_two_factors_user_idx').on(table.userId),
    index('organizer_two_factors_secret_idx').on(table.secret),
  ],
);

/** An organizer's WebAuthn credential (@better-auth/passkey). */
export const organizerPasskeys = pgTable(
  'organizer_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (table) => [
    index('organizer_passkeys_user_idx').on(table.userId),
    index('organizer_passkeys_credential_idx').on(table.credentialID),
  ],
);

/** better-auth's rate-limit counters (sign-in per address), shared by every process. */
export const organizerRateLimits = pgTable('organizer_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Epoch milliseconds. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Single-use sign-in links of "Manage my registration" (issue 9 §1). Only the SHA-256 of the
 * link's token is stored, so a copy of the table opens nothing. `createdAt` is the app's clock:
 * the per-email limit counts by it.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('manage_links_email_created_idx').on(t.email, t.createdAt)],
);

/** A registrant's self-service session, opened by a manage link; only the token's hash is kept. */
export const manageSessions = pgTable('manage_sessions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A registrant's request that their personal data be erased (DPDP Act 2023 §12). An owner
 * carries it out in the console (`/admin/data-requests`), which sets `handledAt` and records
 * what the erasure changed; the row itself stays as the record that the request was answered.
 */
export const deletionRequests = pgTable('deletion_requests', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  outcome: jsonb('outcome').$type<ErasureOutcome>(),
});

/**
 * The organizer's settings (issue 10 §1), one row (id 1): supplier details printed on tax
 * invoices, whether prices include GST, the state where the festival is held, the public
 * contact details, and the most seats unpaid orders may hold per buyer email and per client
 * address. Absent until an organizer first saves them. The invoice series is the edition's
 * (`events.invoicePrefix`).
 */
export const organizerSettings = pgTable(
  'organizer_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    /** GST state code ('24' Gujarat). */
    stateCode: text('state_code').notNull(),
    gstin: text('gstin'),
    pricesIncludeGst: boolean('prices_include_gst').notNull(),
    eventStateCode: text('event_state_code').notNull(),
    publicEmail: text('public_email'),
    publicPhone: text('public_phone'),
    maxUnpaidSeatsPerEmail: integer('max_unpaid_seats_per_email')
      .notNull()
      .default(DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL),
    maxUnpaidSeatsPerAddress: integer('max_unpaid_seats_per_address')
      .notNull()
      .default(DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('organizer_settings_single_row_ck', sql`${t.id} = 1`)],
);

/**
 * The tax of an order as checkout computed it (issue 10 §1), and the buyer's GST details when
 * they asked for a tax invoice. Kept beside `orders` (one row per order) so pricing and tax
 * stay separate steps. Paise; `total` equals the order's amount.
 */
export const orderTaxes = pgTable('order_taxes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** The line as priced before tax was applied (price × seats). */
  lineAmount: integer('line_amount').notNull(),
  pricesIncludeGst: boolean('prices_include_gst').notNull(),
  rateBp: integer('rate_bp').notNull(),
  sacCode: text('sac_code').notNull(),
  supplierStateCode: text('supplier_state_code').notNull(),
  placeOfSupplyCode: text('place_of_supply_code').notNull(),
  interState: boolean('inter_state').notNull(),
  taxable: integer('taxable').notNull(),
  cgst: integer('cgst').notNull(),
  sgst: integer('sgst').notNull(),
  igst: integer('igst').notNull(),
  total: integer('total').notNull(),
  buyerCompanyName: text('buyer_company_name'),
  buyerGstin: text('buyer_gstin'),
  buyerAddress: text('buyer_address'),
  buyerStateCode: text('buyer_state_code'),
});

/**
 * The last number given in a series of tax documents for a financial year (issue 10 §2). The
 * row is locked FOR UPDATE in the transaction that issues a document, so numbers are
 * consecutive, never reused, and a rolled-back payment gives its number back.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    /** 'invoice' | 'credit_note' */
    series: text('series').notNull(),
    /** The edition's invoice prefix the series belongs to (`SFG`). */
    prefix: text('prefix').notNull(),
    /** '2526' for April 2025 – March 2026. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.prefix, t.financialYear] })],
);

/**
 * Tax invoices and credit notes (CGST Rules 2017 rules 46 and 53; issue 10 §2), with the
 * supplier's and recipient's details as they were when issued. Append-only: a trigger of the
 * migration refuses UPDATE, DELETE and TRUNCATE. A credit note cites its invoice.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').notNull(),
    number: text('number').notNull().unique(),
    /** The invoice prefix of the series the number was taken from (`SFG`). */
    prefix: text('prefix').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The credit note's refund. */
    refundId: uuid('refund_id').unique(),
    /** The invoice a credit note cites. */
    invoiceId: uuid('invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplier: jsonb('supplier')
      .$type<{ legalName: string; address: string; stateCode: string; gstin: string }>()
      .notNull(),
    recipient: jsonb('recipient')
      .$type<{
        name: string;
        email: string;
        gstin: string | null;
        address: string | null;
        stateCode: string | null;
      }>()
      .notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    sacCode: text('sac_code').notNull(),
    rateBp: integer('rate_bp').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    interState: boolean('inter_state').notNull(),
    /** 'SGST' or 'UTGST'. */
    stateTaxName: text('state_tax_name').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_uq').on(t.kind, t.prefix, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_invoice_of_order_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

/**
 * Ed25519 keys that sign pass tokens (issue 11 §1). The newest key not retired signs; every
 * key stays published (GET /api/checkin/keys) so passes signed before a rotation still verify.
 * Generated at first use unless CHECKIN_SIGNING_KEY gives one; the partial unique index lets
 * only one key be active, so two processes starting together agree on it.
 */
export const checkinSigningKeys = pgTable(
  'checkin_signing_keys',
  {
    /** 8 hex digits: the first 4 bytes of SHA-256 of the raw public key. */
    id: text('id').primaryKey(),
    /** Raw 32-byte public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** PKCS #8 DER, base64; null for a key given in configuration (kept only there). */
    privateKey: text('private_key'),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkin_signing_keys_active_uq')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** A check-in list (issue 11 §2): which ticket types and days an entrance admits. */
export const checkinLists = pgTable('checkin_lists', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  name: text('name').notNull(),
  ticketTypeIds: integer('ticket_type_ids').array().notNull(),
  /** Days of the edition, 1-based (1 = the edition's first day in Asia/Kolkata). */
  days: integer('days').array().notNull(),
  allowExit: boolean('allow_exit').notNull().default(false),
  allowReentry: boolean('allow_reentry').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Every scan a gate sent, admitted or not, so a retried request (same nonce) gets the same
 * answer. `result` is `ok` or a RedeemReason. An offline scan of a pass already in is stored
 * as admitted with `conflict` set: the gate let the person in without knowing.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id),
    passId: uuid('pass_id').references(() => passes.id),
    nonce: text('nonce').notNull(),
    /** entry | exit */
    direction: text('direction').notNull(),
    result: text('result').notNull(),
    gate: text('gate').notNull().default(''),
    organizerId: text('organizer_id').references(() => organizers.id),
    /** The gate's clock at the scan. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
    conflict: boolean('conflict').notNull().default(false),
  },
  (t) => [
    uniqueIndex('checkins_nonce_uq').on(t.nonce),
    index('checkins_list_pass_idx').on(t.listId, t.passId, t.scannedAt),
  ],
);

/**
 * What changed for the gate scanners (issue 11 §3, incremental sync): one row per change to a
 * pass's state as a scanner sees it — issued, revoked, its order leaving or reaching `paid`,
 * its holder's name or email, its ticket type's name, an admitted scan. Written by database
 * triggers (migration 0019), so no writer in any module can forget it. `xid` is the writing
 * transaction's id (`pg_current_xact_id()`): a sync answer's cursor is the snapshot it was read
 * in, and the next sync reads the rows whose transaction that snapshot did not see, so a change
 * committed after the read by a transaction begun before it is not skipped (a serial id or a
 * timestamp is taken before commit and would be).
 */
export const checkinChanges = pgTable(
  'checkin_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    eventId: integer('event_id').notNull(),
    passId: uuid('pass_id').notNull(),
  },
  (t) => [index('checkin_changes_event_xid_idx').on(t.eventId, t.xid)],
);

/**
 * A person waiting for seats of a sold-out ticket type (issue 10 §4), in line by `id`.
 * `status` is a WaitingListStatus; an offer is a voucher (`voucher_id`) that holds
 * `quantity` seats until `offered_until`. One open entry (waiting or offered) per address
 * and ticket type; someone whose offer lapsed may join again at the end of the line.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    // A ticket type can be deleted only before it sells; its waiting list goes with it.
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<WaitingListStatus>().notNull().default('waiting'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    /** When the offer email went out (the job's record, so a retry does not send it twice). */
    offerEmailSentAt: timestamp('offer_email_sent_at', { withTimezone: true }),
    /** When it became redeemed, lapsed or removed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waiting_list_entries_open_email_uq')
      .on(t.ticketTypeId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_entries_type_status_idx').on(t.ticketTypeId, t.status, t.id),
  ],
);

/** The hold time an organizer set for a ticket type's waiting-list offers (absent: the default). */
export const waitingListHolds = pgTable('waiting_list_holds', {
  ticketTypeId: integer('ticket_type_id')
    .primaryKey()
    .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  holdHours: integer('hold_hours').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * "Tell me when registration opens": addresses left while no edition is on sale, for the
 * organizers to write to when the next one opens. One row per address; erasure removes it.
 */
export const registrationAlerts = pgTable('registration_alerts', {
  id: serial('id').primaryKey(),
  /** Trimmed, lower-cased. */
  email: text('email').notNull().unique(),
  /** The edition the site showed when the address was left. */
  eventId: integer('event_id').references(() => events.id),
  /** Client address of the request (behind a proxy only with TRUST_PROXY). */
  ip: text('ip'),
  createdAt: createdAt(),
  /** When the organizers' message that registration opened was sent to it. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});
