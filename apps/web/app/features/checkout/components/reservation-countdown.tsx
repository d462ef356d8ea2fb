/**
 * How long the buyer's seats stay held while the payment is pending, with one
 * offer of more time (WCAG 2.2.1 Timing Adjustable: warned before the time runs out, a simple
 * action to extend; once, because held seats are kept from other buyers meanwhile).
 *
 * The clock is a `role="timer"`, which screen readers do not read out on every change; a
 * polite status line speaks only at 10, 5, 2 and 1 minutes left, when the time is up and
 * after an extension (WCAG 4.1.3 Status Messages), so the buyer is told without being
 * interrupted every second.
 */
import { RESERVATION_MINUTES } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { formatMinutesSeconds, secondsUntil } from '../lib/deadline';

/** Seconds left at which "I need more time" is offered. */
export const MORE_TIME_OFFER_SECONDS = 120;

/** Seconds left at which the status line speaks, largest first. */
const ANNOUNCE_AT = [600, 300, 120, 60] as const;

export interface ReservationCountdownProps {
  /** When the seats are released, on this device's clock (epoch ms). */
  deadline: number;
  /** The one extension is used up. */
  extended: boolean;
  onExtend: () => void;
  extending: boolean;
  /** Why the extension failed, if it did. */
  extendError?: string | undefined;
}

/** Whole seconds until `deadline`, updated every second and stopping at 0. */
function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline, now);
}

/** What the status line says; it changes (and is spoken) only at the ANNOUNCE_AT marks. */
function announcement(secondsLeft: number, extended: boolean, i18n: I18n): string {
  if (secondsLeft === 0) return i18n._(msg`Time is up. Your seats have been released.`);
  const mark = ANNOUNCE_AT.findLast((seconds) => secondsLeft <= seconds);
  const held = RESERVATION_MINUTES;
  if (mark === undefined) return extended ? i18n._(msg`Your seats are held for ${held} more minutes.`) : '';
  const minutes = mark / 60;
  const left = i18n._(
    msg`${plural(minutes, { one: '# minute left to pay.', other: '# minutes left to pay.' })}`,
  );
  return mark === MORE_TIME_OFFER_SECONDS && !extended
    ? `${left} ${i18n._(msg`Choose “I need more time” to hold your seats ${held} minutes longer.`)}`
    : left;
}

export function ReservationCountdown({
  deadline,
  extended,
  onExtend,
  extending,
  extendError,
}: ReservationCountdownProps) {
  const { i18n, t } = useLingui();
  const held = RESERVATION_MINUTES;
  const secondsLeft = useSecondsLeft(deadline);
  const offerMoreTime = !extended && secondsLeft > 0 && secondsLeft <= MORE_TIME_OFFER_SECONDS;
  const box = useRef<HTMLDivElement>(null);
  const offered = useRef(false);

  // The button disappears once used: keep keyboard focus in the box rather than losing it.
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (offered.current && !offerMoreTime && focusLost) box.current?.focus();
    offered.current = offerMoreTime;
  }, [offerMoreTime]);

  return (
    <div
      ref={box}
      tabIndex={-1}
      className="mb-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {secondsLeft > 0 ? (
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span>
            <Trans>Your seats are held for</Trans>
          </span>
          <span
            role="timer"
            aria-label={t`Time left to pay`}
            className="text-lg font-bold tabular-nums text-brand-900"
          >
            {formatMinutesSeconds(secondsLeft)}
          </span>
        </p>
      ) : (
        <p className="font-semibold text-slate-900">
          <Trans>Time is up and your seats were released. Choose Checkout to reserve them again.</Trans>
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement(secondsLeft, extended, i18n)}
      </p>
      {offerMoreTime ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={onExtend}
            pending={extending}
            pendingLabel={t`Holding your seats…`}
          >
            <Trans>I need more time</Trans>
          </Button>
          <span className="text-slate-600">
            <Trans>Holds your seats {held} minutes longer, once.</Trans>
          </span>
        </div>
      ) : null}
      {extendError ? (
        <div className="mt-3">
          <FormAlert>{extendError}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}
