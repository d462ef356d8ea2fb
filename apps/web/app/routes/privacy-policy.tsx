import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Privacy Policy',
    description:
      'How Startup Fest Gujarat handles the personal information you give us: what we collect, what we never do with it.',
    path: '/privacypolicy',
  });

const sections = [
  {
    title: 'Information we collect',
    text: 'We do not collect personal information about you unless you provide it to us, for example when you register, buy a pass or send an inquiry.',
  },
  {
    title: 'Sharing',
    text: 'The information you give us is not shared with or sold to anyone else.',
  },
  {
    title: 'Newsletters',
    text: 'We send newsletters only when you explicitly ask for them, and every newsletter lets you opt out.',
  },
  {
    title: 'Event passes and QR codes',
    text: 'Event passes carry secure QR codes that are used only to check you in at the venue.',
  },
];

/** Spec §2 /privacypolicy: the four statements of the static policy. */
export default function PrivacyPolicy() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Privacy Policy</h1>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold text-brand-900">{section.title}</h2>
          <p className="mt-2 text-slate-700">{section.text}</p>
        </section>
      ))}
    </div>
  );
}
