import type { PublicContentItem } from '@festival/shared';
import { speakersTitle } from '~/components/layout/nav-links';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { SampleBadge, SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { PAGE_LOAD_ERROR, QueryContent } from '~/components/ui/load-state';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { BRAND_NAME, useCurrentEdition, useEditionFacts } from '~/lib/current-edition';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('speakers'), contentEditionsPrefill('speakers')],
  meta: ({ edition }) => ({
    title: speakersTitle(edition?.year),
    description: `The speakers, mentors and moderator of ${edition?.name ?? BRAND_NAME}, with their titles and topics.`,
    path: '/speakers',
  }),
};

const GROUPS = [
  { key: 'speakers', title: 'Speakers' },
  { key: 'mentors', title: 'Mentors' },
  { key: 'moderators', title: 'Moderator' },
];

/**
 * The spec's /speakers page: Speakers, Mentors and Moderator, each with photo, name and title or
 * topic, as organizers keep them for the current edition, under the edition's year and the
 * highlights page's title. An empty group is left out.
 */
export default function Speakers() {
  const query = useContent('speakers');
  const edition = useEditionFacts();
  const highlightsTitle = useCurrentEdition()?.highlightsTitle;
  return (
    <>
      <PageBanner title={speakersTitle(edition?.year)} eyebrow={highlightsTitle ?? 'Highlights'}>
        <p>
          The people who share their experience on stage and in mentoring sessions at{' '}
          {edition?.name ?? BRAND_NAME}.
        </p>
      </PageBanner>
      <QueryContent
        query={query}
        loadingLabel="Loading the speakers…"
        errorMessage={PAGE_LOAD_ERROR}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(people) => <SpeakerGroups people={people} />}
      </QueryContent>
    </>
  );
}

/** The sample note, one section per group that has people, and the archive's links. */
function SpeakerGroups({ people }: { people: PublicContentItem[] }) {
  const groups = GROUPS.map((group) => ({
    ...group,
    people: people.filter((person) => person.group === group.key),
  })).filter((group) => group.people.length > 0);
  return (
    <>
      {people.some((person) => person.sample) ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-8">
          <SampleNote>the names and portraits below are placeholders, not real people.</SampleNote>
        </div>
      ) : null}
      {groups.map((group, index) => (
        <ContentSection key={group.key} title={group.title} tone={index % 2 ? 'white' : 'light'}>
          <ul
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
            data-testid={`people-${group.title.toLowerCase()}`}
          >
            {group.people.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </ul>
        </ContentSection>
      ))}
      <EditionArchive collection="speakers" isEmpty={people.length === 0} />
    </>
  );
}

function PersonCard({ person }: { person: PublicContentItem }) {
  return (
    <li className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
      {person.image ? (
        <img
          src={person.image.src}
          alt={person.image.alt}
          width={person.image.width}
          height={person.image.height}
          loading="lazy"
          decoding="async"
          className="mx-auto aspect-square h-auto w-full max-w-40 rounded-full object-cover"
        />
      ) : null}
      <h3 className="mt-3 font-semibold text-brand-900">{person.name}</h3>
      <p className="mt-1 text-sm text-slate-700">{person.caption}</p>
      {person.sample ? (
        <p className="mt-2">
          <SampleBadge />
        </p>
      ) : null}
    </li>
  );
}
