/** A page section with its <h2>, centred on the site's content width. */
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

export interface ContentSectionProps {
  title: string;
  intro?: ReactNode;
  tone?: 'light' | 'white';
  className?: string;
  children: ReactNode;
}

export function ContentSection({ title, intro, tone = 'light', className, children }: ContentSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(tone === 'white' ? 'bg-white' : 'bg-slate-50', className)}
    >
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={headingId} className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-slate-700">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
