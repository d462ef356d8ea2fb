/** The full-screen answer to a scan: green admitted, amber already in, red anything else. */
import { REDEEM_REASON_TEXT, type RedeemReason } from '@festival/shared';
import { clsx } from 'clsx';
import { useLayoutEffect } from 'react';
import type { ScanOutcome } from '../engine';

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  day: 'numeric',
  month: 'short',
});

/**
 * @param startedAt `performance.now()` when the code came into view: the time to the first frame
 *   that shows the result is recorded as the `scan-to-result` measure, and the time from the
 *   device's decision to the commit as `scan-render` (the e2e test reads them).
 */
export function ScanResult({
  result,
  startedAt,
  onDismiss,
}: {
  result: ScanOutcome;
  startedAt: number;
  onDismiss: () => void;
}) {
  useLayoutEffect(() => {
    performance.measure('scan-render', { start: 'scan-decided' });
    // The next frame is the first that shows the result.
    requestAnimationFrame(() => performance.measure('scan-to-result', { start: startedAt }));
  }, [startedAt]);
  const admitted = result.status === 'ok';
  const tone = admitted
    ? 'bg-green-700 text-white'
    : result.status === 'already_redeemed'
      ? 'bg-amber-400 text-black'
      : 'bg-red-700 text-white';
  return (
    <div
      role="status"
      aria-live="assertive"
      data-status={result.status}
      className={clsx(
        'fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 p-6 text-center',
        tone,
      )}
      onClick={onDismiss}
    >
      <p className="text-4xl font-black tracking-tight uppercase">
        {admitted ? 'Admitted' : REDEEM_REASON_TEXT[result.status as RedeemReason]}
      </p>
      {result.attendeeName && <p className="text-3xl font-bold break-words">{result.attendeeName}</p>}
      {result.ticketTypeName && <p className="text-xl">{result.ticketTypeName}</p>}
      {result.passCode && <p className="font-mono">{result.passCode}</p>}
      {result.previous && (
        <p className="text-lg">
          In at {timeFormat.format(new Date(result.previous.at))}
          {result.previous.gate ? `, ${result.previous.gate}` : ''}
        </p>
      )}
      {result.offline && (
        <p className="rounded bg-black/25 px-3 py-1 text-sm">Checked on this device (offline)</p>
      )}
      {result.confirming && (
        <p className="rounded bg-black/25 px-3 py-1 text-sm">Confirming with the server…</p>
      )}
      <button
        type="button"
        className="mt-6 min-h-11 rounded-lg bg-black/25 px-6 font-semibold"
        onClick={onDismiss}
      >
        Next scan
      </button>
    </div>
  );
}
