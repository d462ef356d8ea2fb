/** A labelled list of an entity's fields (a `<dl>`), two columns from the sm breakpoint. */
import type { ReactNode } from 'react';

/** A titled part of an entity's page; `action` (a button that changes the part) sits beside its title. */
export function DetailSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-brand-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function DetailList({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-slate-900 wrap-anywhere">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
