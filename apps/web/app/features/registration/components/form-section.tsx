import type { ReactNode } from 'react';

/** A titled group of fields in a two-column grid (one column on phones). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-sm font-bold tracking-wide text-brand-800 uppercase">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
