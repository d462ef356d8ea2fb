/**
 * The visible marker on placeholder content, so sample data is clearly marked. `inline`
 * is the small badge beside one entry; the block form explains a whole list.
 */
import type { ReactNode } from 'react';

export function SampleBadge() {
  return (
    <span className="inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      Sample
    </span>
  );
}

export function SampleNote({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      data-testid="sample-note"
    >
      <strong>Sample data:</strong> {children}
    </p>
  );
}
