/**
 * Seeds the FAQ, the about page, the highlights page and the award nominee pages (the spec's /faq,
 * /about, /highlights and /cms/{id}). Rows are inserted only when missing (FAQ by `key`, pages by
 * `slug`), so an organiser's later edits are never overwritten. Page HTML is sanitised before it
 * is stored.
 *
 * Nominee pages get the fixed ids 1–4 (the /cms/1 … /cms/4 links) and the about page id 5;
 * the id sequence is then moved past them so pages added later get fresh ids. The highlights
 * page, added later, takes the next free id.
 */
import { EVENT_TIME_ZONE } from '@festival/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { awardCategories, cmsPages, faqItems } from '../schema.js';
import { sanitizeCmsHtml } from '../../modules/cms/sanitize.js';
import type { CmsPageKind } from '../../modules/cms/repository.js';

interface FaqSeed {
  key: string;
  question: string;
  answer: string;
}

/**
 * An edition as an earlier seed wrote it into the FAQ and about page, before they used edition
 * fields (`replaceWrittenOutFacts`).
 */
export interface SeedEdition {
  name: string;
  venue: string;
  /** UTC instants, written in India time. */
  startsAt: Date;
  endsAt: Date;
}

const dayOf = new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, day: 'numeric' });
const monthYearOf = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  month: 'long',
  year: 'numeric',
});
const timeOf = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** "20 and 21 October 2027, from 10:00 AM to 07:00 PM", as an earlier seed wrote an edition's days. */
function whenOf(edition: SeedEdition): string {
  const time = (at: Date) => timeOf.format(at).toUpperCase();
  return (
    `${dayOf.format(edition.startsAt)} and ${dayOf.format(edition.endsAt)} ${monthYearOf.format(edition.endsAt)}, ` +
    `from ${time(edition.startsAt)} to ${time(edition.endsAt)}`
  );
}

const PARKING =
  'Parking for cars and two-wheelers is available on the campus; it fills up by late morning, ' +
  'so please arrive early or use a cab or the city bus service.';

/**
 * Questions a festival visitor asks, in display order. Answers are plain text; the edition's
 * facts are edition fields, so the answers follow whichever edition is current.
 */
export const faqSeeds: FaqSeed[] = [
  {
    key: 'dates-and-times',
    question: 'When is {{edition.name}}?',
    answer: 'The festival runs on {{edition.dates}}, {{edition.hours}} IST on both days.',
  },
  {
    key: 'venue-and-parking',
    question: 'Where is the venue, and is there parking?',
    answer: `The festival is held at {{edition.venue}}. ${PARKING}`,
  },
  {
    key: 'passes-and-prices',
    question: 'Which passes are available and what do they cost?',
    answer:
      'Visitors and investors buy a pass; startups and pitchers book a stall package, which includes ' +
      'passes for their team. Each pass and package, its price with GST and what it includes are listed ' +
      'on the For Startups page (/startup) and on the registration page, where you pay that same price.',
  },
  {
    key: 'refunds',
    question: 'Can I get a refund?',
    answer:
      'Registration fees are non-refundable. If the event is cancelled, your fee is carried over to ' +
      'the new date; there is no refund if you cannot attend on that date.',
  },
  {
    key: 'event-pass',
    question: 'How does the event pass work?',
    answer:
      'Register, choose your ticket and pay online. As soon as the payment is confirmed, each attendee ' +
      'receives an event pass by email with a unique QR code. Show the QR code (on your phone or printed) ' +
      'at the entrance to check in.',
  },
  {
    key: 'stalls',
    question: 'How do I book a stall for my startup?',
    answer:
      'Register on the Start-Up tab of the registration page and choose a stall package when you pick ' +
      'your ticket. The stall comes with the package: its size and what it includes are listed with each ' +
      'package on the For Startups page (/startup).',
  },
  {
    key: 'pitching',
    question: 'How does pitching work?',
    answer:
      'Register on the Pitcher tab. Each pitcher gets a 5-minute slot to present a project, idea or ' +
      'startup on stage to investors, and the stall of the package they choose for the two days.',
  },
  {
    key: 'investors',
    question: 'I am an investor. What do I get?',
    answer:
      'The Investor Pass gives you the chance to talk to all participating startups, watch the pitches ' +
      'and meet founders across Agri-Tech, Food-Tech, Rural Innovation, Fin-Tech, Rural Healthcare, ' +
      'Edu-Tech and more.',
  },
  {
    key: 'food',
    question: 'Is food available at the venue?',
    answer:
      'Yes. Food stalls at the venue sell meals and drinks throughout both days. Gold and Platinum stall ' +
      'packages include food passes.',
  },
  {
    key: 'accessibility',
    question: 'Is the venue accessible?',
    answer:
      'The halls are on the ground floor with step-free access, and accessible toilets are available. ' +
      'If you need assistance on the day, write to us through the contact page before the event and we ' +
      'will arrange it.',
  },
];

interface PageSeed {
  id: number;
  kind: CmsPageKind;
  slug: string;
  title: string;
  html: string;
}

/** The about page's opening, about `edition`: its facts, or edition fields that read them. */
const aboutOpening = (edition: { name: string; venue: string; when: string }) => `
<h2>About ${edition.name}</h2>
<p>Startup Fest Gujarat brings innovators, founders, investors, accelerators, sponsors and speakers
together for two days at ${edition.venue}, on ${edition.when}.</p>`;

const ABOUT_BODY = `
<h3>Theme</h3>
<p><strong>Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship.</strong>
This edition celebrates ideas that reach the people most markets overlook, in sectors such as
Agri-Tech, Food-Tech, Rural Innovation, Fin-Tech, Rural Healthcare and Edu-Tech.</p>
<h3>Who should attend</h3>
<ul>
<li><strong>Pitchers</strong> present a project, idea or startup on stage to investors in a 5-minute slot, and exhibit at the stall of their package.</li>
<li><strong>Startups and franchises</strong> exhibit at the stall of their package, with visibility to investors (<a href="/startup">stall packages</a>).</li>
<li><strong>Investors</strong> meet every participating startup.</li>
<li><strong>Visitors</strong> explore the stalls, sessions and award night.</li>
</ul>
<p><a href="/register">Register now</a> to be part of it.</p>`;

const ABOUT_TITLE = 'About {{edition.name}}';
const ABOUT_HTML =
  aboutOpening({
    name: '{{edition.name}}',
    venue: '{{edition.venue}}',
    when: '{{edition.dates}}, {{edition.hours}}',
  }) + ABOUT_BODY;

interface NomineeSeed {
  id: number;
  slug: string;
  title: string;
  /** The award the sample startup is nominated for. */
  category: string;
  body: string;
}

/** Sample nominees (not real companies), one per award category, to show the voting flow. */
const NOMINEES: NomineeSeed[] = [
  {
    id: 1,
    slug: 'nominee-krishi-setu',
    title: 'KrishiSetu',
    category: 'Best Agri-Tech Startup',
    body:
      'KrishiSetu connects smallholder farmers in north Gujarat directly with wholesale buyers through a ' +
      'voice-first app in Gujarati, cutting out two layers of middlemen and paying farmers within 48 hours.',
  },
  {
    id: 2,
    slug: 'nominee-gram-arogya',
    title: 'GramArogya',
    category: 'Rural Healthcare Innovation Award',
    body:
      'GramArogya equips village health workers with a low-cost screening kit and a tablet app that ' +
      'flags high-risk pregnancies and refers them to the nearest district hospital.',
  },
  {
    id: 3,
    slug: 'nominee-paisa-saathi',
    title: 'PaisaSaathi',
    category: 'Best Fin-Tech for Bharat',
    body:
      'PaisaSaathi offers micro-savings and bill payments over feature phones for self-help groups, with ' +
      'bookkeeping that members can audit in their own language.',
  },
  {
    id: 4,
    slug: 'nominee-shiksha-kiran',
    title: 'ShikshaKiran',
    category: 'Edu-Tech Impact Award',
    body:
      'ShikshaKiran runs solar-powered offline learning stations that sync lessons for rural schools ' +
      'whenever a network is available, covering mathematics and science from class 5 to class 10.',
  },
];

/** The pages with fixed ids: the nominees (the /cms/1 … /cms/4 links) and the about page. */
const FIXED_PAGES: PageSeed[] = [
  ...NOMINEES.map(({ id, slug, title, category, body }) => ({
    id,
    kind: 'nominee' as const,
    slug,
    title,
    html: `
<p><em>Sample nominee: illustrative data, not a real company.</em></p>
<h2>${title}</h2>
<p><strong>Nominated for:</strong> ${category}</p>
<p>${body}</p>
<p>Press <strong>VOTE NOW</strong> to vote for ${title}. You can vote once, confirmed with a one-time code sent to your email.</p>`,
  })),
  { id: 5, kind: 'about', slug: 'about', title: ABOUT_TITLE, html: ABOUT_HTML },
];

/**
 * The recap of season one that /highlights shows and whose title names the menu's highlights
 * group (spec: the "2023 Highlights" dropdown). The spec does not show the page, so it is built
 * from what the spec says elsewhere about season one (its headline claims, ₹532 crore in
 * investments, the Award Night, the showcase, the Shark Tank startups, the speakers).
 */
export const HIGHLIGHTS_PAGE = {
  kind: 'highlights' as const,
  slug: 'highlights',
  title: '2023 Highlights',
  html: `
<p>Season one of Startup Fest Gujarat brought founders, investors, mentors and thousands of visitors
together in Ahmedabad. Here is what happened — and why the second edition is bigger.</p>
<h2>What happened in 2023</h2>
<h3>Award Night</h3>
<p>The Startup Fest Award Night 2023 celebrated the founders and ideas that stood out over the two
days. <a href="/awards">See the Award Night</a>.</p>
<h3>Startup Showcase</h3>
<p>Dozens of startups showed their products at their stalls, from farm technology to rural
healthcare. <a href="/start-up-showcase">Browse the startup showcase</a>.</p>
<h3>Shark Tank Featured Startups</h3>
<p>Startups that had faced the sharks on television told the story of their journey since the show.
<a href="/sharkTank">Meet the Shark Tank featured startups</a>.</p>
<h3>Speakers And Mentors</h3>
<p>Speakers, mentors and moderators shared what they learned building and backing companies.
<a href="/speakers">See the speakers and mentors</a>.</p>`,
};

/**
 * What an earlier seed wrote about `edition` in the FAQ and the about page: its facts written
 * out, which went stale once the next edition became current.
 */
function factsWrittenOut(edition: SeedEdition) {
  return {
    faq: {
      'dates-and-times': {
        question: `When is ${edition.name}?`,
        answer: `The festival runs on ${whenOf(edition)} IST on both days.`,
      },
      'venue-and-parking': {
        question: 'Where is the venue, and is there parking?',
        answer: `The festival is held at ${edition.venue}. ${PARKING}`,
      },
    } as Partial<Record<string, { question: string; answer: string }>>,
    about: {
      title: `About ${edition.name}`,
      contentHtml: sanitizeCmsHtml(
        (
          aboutOpening({ name: edition.name, venue: edition.venue, when: whenOf(edition) }) + ABOUT_BODY
        ).trim(),
      ),
    },
  };
}

/**
 * Gives an install seeded before edition fields the seed's text with fields: a FAQ entry or the
 * about page that still reads exactly as the earlier seed wrote it about one of `editions` (so
 * no organizer edited it) is rewritten; edited text is left alone.
 */
async function replaceWrittenOutFacts(db: Executor, editions: readonly SeedEdition[]): Promise<void> {
  for (const written of editions.map(factsWrittenOut)) {
    for (const seed of faqSeeds) {
      const old = written.faq[seed.key];
      if (!old) continue;
      await db
        .update(faqItems)
        .set({ question: seed.question, answer: seed.answer })
        .where(
          and(
            eq(faqItems.key, seed.key),
            eq(faqItems.question, old.question),
            eq(faqItems.answer, old.answer),
          ),
        );
    }
    await db
      .update(cmsPages)
      .set({ title: ABOUT_TITLE, contentHtml: sanitizeCmsHtml(ABOUT_HTML.trim()) })
      .where(
        and(
          eq(cmsPages.slug, 'about'),
          eq(cmsPages.title, written.about.title),
          eq(cmsPages.contentHtml, written.about.contentHtml),
        ),
      );
  }
}

/**
 * Inserts missing FAQ entries and pages, and rewrites the ones an earlier seed wrote about one
 * of `editions` and nobody edited (`replaceWrittenOutFacts`); rows organizers edited are left
 * as they are. A nominee page inserted here goes into its award category of edition `eventId`
 * (made when missing), so categories are seeded only with their nominees, never again after
 * organizers moved or deleted them.
 */
export async function seedContent(
  db: Executor,
  eventId: number,
  editions: readonly SeedEdition[],
): Promise<void> {
  await replaceWrittenOutFacts(db, editions);
  await db
    .insert(faqItems)
    .values(faqSeeds.map((item, index) => ({ ...item, sortOrder: index + 1 })))
    .onConflictDoNothing({ target: faqItems.key });
  const inserted = await db
    .insert(cmsPages)
    .values(
      FIXED_PAGES.map(({ id, kind, slug, title, html }) => ({
        id,
        kind,
        slug,
        title,
        contentHtml: sanitizeCmsHtml(html.trim()),
      })),
    )
    // No target: a page whose id or slug already exists (an organiser's row) is skipped.
    .onConflictDoNothing()
    .returning({ id: cmsPages.id });
  for (const { id } of inserted) {
    const nominee = NOMINEES.find((seed) => seed.id === id);
    if (!nominee) continue;
    await db
      .insert(awardCategories)
      .values({
        eventId,
        name: nominee.category,
        position: NOMINEES.indexOf(nominee) + 1,
      })
      .onConflictDoNothing();
    await db
      .update(cmsPages)
      .set({
        awardCategoryId: sql`(select ${awardCategories.id} from ${awardCategories} where ${awardCategories.eventId} = ${eventId} and ${awardCategories.name} = ${nominee.category})`,
      })
      .where(eq(cmsPages.id, id));
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('cms_pages', 'id'), (select coalesce(max(id), 1) from cms_pages))`,
  );
  // After the sequence has moved past the fixed ids, and by slug: an install that had pages
  // before this one existed gives it the next free id.
  const { html, ...highlights } = HIGHLIGHTS_PAGE;
  await db
    .insert(cmsPages)
    .values({ ...highlights, contentHtml: sanitizeCmsHtml(html.trim()) })
    .onConflictDoNothing({ target: cmsPages.slug });
}
