/** Loading and failure states of server-loaded page content: a skeleton, or a message with a retry. */
import { Button } from './button';

export function LoadingSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-3">
      <span className="sr-only">{label}</span>
      <div className="h-8 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-full rounded bg-slate-200" />
      <div className="h-4 w-11/12 rounded bg-slate-200" />
      <div className="h-4 w-4/5 rounded bg-slate-200" />
    </div>
  );
}

export function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-5 text-center">
      <p className="text-slate-800">{message}</p>
      <Button
        variant="outline"
        className="mt-4"
        pending={retrying}
        pendingLabel="Trying again…"
        onClick={onRetry}
      >
        Try again
      </Button>
    </div>
  );
}
