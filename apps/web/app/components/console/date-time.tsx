import { formatDateTime } from './format';

/** An ISO 8601 instant shown in India time (Asia/Kolkata), machine-readable in `dateTime`. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {formatDateTime(value)}
    </time>
  );
}
