/** 'Register Yourself As Pitcher/Investor' band with Register Now to /register (spec §2). */
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';

export function RegisterYourself({ heading, text }: { heading: string; text: string }) {
  return (
    <section aria-labelledby="register-yourself" className="register-backdrop text-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="register-yourself" className="text-2xl font-bold sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-2 text-white/85">{text}</p>
        </div>
        <Link to="/register" className={buttonClassName('primary', 'shrink-0 px-7')}>
          Register Now
        </Link>
      </div>
    </section>
  );
}
