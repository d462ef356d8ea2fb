import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Startup Fest Gujarat 2024 | 20–21 October, Ahmedabad' },
  {
    name: 'description',
    content:
      'The second edition of Startup Fest Gujarat: pitchers, startups, investors and visitors meet in Ahmedabad on 20–21 October 2024.',
  },
];

/** A plain home page until the full one (spec §2 Home) lands: what, when, where, and the way to register. */
export default function Home() {
  return (
    <section className="register-backdrop flex flex-1 items-center text-white">
      <div className="mx-auto w-full max-w-4xl px-4 py-20 sm:py-28">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
          Second edition · Ahmedabad
        </p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">Startup Fest Gujarat 2024</h1>
        <p className="mt-5 max-w-2xl text-lg text-white/85">
          Innovation at the Bottom of the Pyramid: rural innovation and entrepreneurship. Pitch on stage,
          exhibit your startup, meet investors — 20 and 21 October 2024, 10:00 AM to 07:00 PM.
        </p>
        <Link to="/register" className={buttonClassName('primary', 'mt-8 px-7 text-base')}>
          Register Now
        </Link>
      </div>
    </section>
  );
}
