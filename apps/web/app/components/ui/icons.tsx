/**
 * The small line icons the site repeats (close ×, dropdown chevron), drawn in currentColor and
 * hidden from assistive technology: the control around them carries the accessible name.
 */
import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

function LineIcon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={className ?? 'size-5'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </LineIcon>
  );
}

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
