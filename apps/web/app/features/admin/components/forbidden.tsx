import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { homeFor } from '../nav';
import { useOrganizer } from '~/lib/console/use-organizer';

/** What a role sees on a console page it may not open (the server would refuse its data anyway). */
export function Forbidden() {
  const { role } = useOrganizer();
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <title>Not allowed | Organizer console</title>
      <h1 className="text-2xl font-bold text-brand-900">You can't open this page</h1>
      <p className="mt-3 text-slate-700">
        Your role, <strong>{role}</strong>, does not include this part of the console. Ask an owner if you
        need it.
      </p>
      <Link to={homeFor(role)} className={buttonClassName('secondary', 'mt-6')}>
        Go to your start page
      </Link>
    </section>
  );
}
