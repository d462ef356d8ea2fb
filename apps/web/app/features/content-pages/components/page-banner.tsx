/**
 * The full-width banner that opens every content page: the page's single <h1>, an optional
 * eyebrow line and intro, on the site's local gradient (no remote banner image to wait for).
 */
import type { ReactNode } from 'react';

export interface PageBannerProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

export function PageBanner({ title, eyebrow, children }: PageBannerProps) {
  return (
    <section className="register-backdrop text-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-white/85">{children}</div> : null}
      </div>
    </section>
  );
}
