import { speakerGroups, type Person } from '~/content/speakers';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { SampleBadge, SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/speakers';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: '2023 Speakers And Mentors',
    description:
      'The speakers, mentors and moderator of Startup Fest Gujarat 2023, with their titles and topics.',
    path: '/speakers',
  });

const groups = [
  { title: 'Speakers', people: speakerGroups.speakers },
  { title: 'Mentors', people: speakerGroups.mentors },
  { title: 'Moderator', people: speakerGroups.moderators },
];

const hasSamples = groups.some((group) => group.people.some((person) => person.sample));

/** Spec §2 /speakers: Speakers, Mentors and Moderator, each with photo, name and title or topic. */
export default function Speakers() {
  return (
    <>
      <PageBanner title="2023 Speakers And Mentors" eyebrow="2023 Highlights">
        <p>The people who shared their experience on stage and in mentoring sessions at the first edition.</p>
      </PageBanner>
      {hasSamples ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-8">
          <SampleNote>the names and portraits below are placeholders, not real people.</SampleNote>
        </div>
      ) : null}
      {groups.map((group, index) => (
        <ContentSection key={group.title} title={group.title} tone={index % 2 ? 'white' : 'light'}>
          <ul
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
            data-testid={`people-${group.title.toLowerCase()}`}
          >
            {group.people.map((person) => (
              <PersonCard key={person.name} person={person} />
            ))}
          </ul>
        </ContentSection>
      ))}
    </>
  );
}

function PersonCard({ person }: { person: Person }) {
  return (
    <li className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
      <img
        src={person.photo.src}
        alt={person.photo.alt}
        width={person.photo.width}
        height={person.photo.height}
        loading="lazy"
        decoding="async"
        className="mx-auto h-auto w-full max-w-40 rounded-full"
      />
      <h3 className="mt-3 font-semibold text-brand-900">{person.name}</h3>
      <p className="mt-1 text-sm text-slate-700">{person.title}</p>
      {person.sample ? (
        <p className="mt-2">
          <SampleBadge />
        </p>
      ) : null}
    </li>
  );
}
