import { Link } from 'react-router';
import { buttonClassName } from '../ui/button';

/** Minimal header: the festival name home and a Register Now call to action (full menu: spec §2 Header, later issue). */
export function SiteHeader() {
  return (
    <header className="border-b border-white/10 bg-brand-950 text-white">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex flex-col leading-tight">
          <span className="text-sm font-extrabold tracking-tight sm:text-lg">Startup Fest Gujarat 2024</span>
          <span className="text-xs text-white/70">October 20-21, 2024 · Ahmedabad</span>
        </Link>
        <Link
          to="/register"
          className={buttonClassName('primary', 'min-h-10 shrink-0 px-3 py-2 whitespace-nowrap sm:px-5')}
        >
          Register Now
        </Link>
      </div>
    </header>
  );
}
