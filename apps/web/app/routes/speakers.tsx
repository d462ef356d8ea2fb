/**
 * /speakers in English, Gujarati (`/gu/speakers`) and Hindi (`/hi/speakers`): the page's own
 * words are in the page's language (the highlights catalog); the people, their titles and topics
 * show as organizers entered them.
 */
import type { PublicContentItem } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { HIGHLIGHTS_FALLBACK } from '~/components/layout/nav-links';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { SampleBadge, SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { QueryContent } from '~/components/ui/load-state';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { BRAND_NAME, useCurrentEdition, useEditionFacts } from '~/lib/current-edition';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('speakers'), contentEditionsPrefill('speakers')],
  meta: ({ edition, i18n }) => {
    const name = edition?.name ?? BRAND_NAME;
    return {
      title: speakersTitle(i18n, edition?.year),
      description: i18n._(msg`The speakers, mentors and moderator of ${name}, with their titles and topics.`),
      path: '/speakers',
    };
  },
};

/** "2024 Speakers And Mentors" (the page's heading); no year while it is unknown. */
function speakersTitle(i18n: I18n, year: string | undefined) {
  return i18n._(year ? msg`${year} Speakers And Mentors` : msg`Speakers And Mentors`);
}

/** The groups in the page's order; `key` is the organizers' group, `testId` names the list for tests. */
const GROUPS = [
  { key: 'speakers', title: msg`Speakers`, testId: 'people-speakers' },
  { key: 'mentors', title: msg`Mentors`, testId: 'people-mentors' },
  { key: 'moderators', title: msg`Moderator`, testId: 'people-moderator' },
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
  const { i18n, t } = useLingui();
  const name = edition?.name ?? BRAND_NAME;
  return (
    <>
      <PageBanner
        title={speakersTitle(i18n, edition?.year)}
        eyebrow={highlightsTitle ?? i18n._(HIGHLIGHTS_FALLBACK)}
      >
        <p>
          <Trans>The people who share their experience on stage and in mentoring sessions at {name}.</Trans>
        </p>
      </PageBanner>
      <QueryContent
        query={query}
        loadingLabel={t`Loading the speakers…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(people) => <SpeakerGroups people={people} />}
      </QueryContent>
    </>
  );
}

/** The sample note, one section per group that has people, and the archive's links. */
function SpeakerGroups({ people }: { people: PublicContentItem[] }) {
  const { i18n } = useLingui();
  const groups = GROUPS.map((group) => ({
    ...group,
    people: people.filter((person) => person.group === group.key),
  })).filter((group) => group.people.length > 0);
  return (
    <>
      {people.some((person) => person.sample) ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-8">
          <SampleNote>
            <Trans>the names and portraits below are placeholders, not real people.</Trans>
          </SampleNote>
        </div>
      ) : null}
      {groups.map((group, index) => (
        <ContentSection key={group.key} title={i18n._(group.title)} tone={index % 2 ? 'white' : 'light'}>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid={group.testId}>
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
