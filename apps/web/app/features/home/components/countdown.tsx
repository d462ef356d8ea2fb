/**
 * Live countdown to the festival's start: days, hours, minutes and seconds, recomputed from the
 * clock every second so it never drifts; once the moment has passed all four show 0. Before
 * hydration the values are unknown and show a dash.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';

/** The spec: the countdown refreshes every second. */
export const COUNTDOWN_TICK_MS = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time from `now` to `target` (epoch ms) into whole parts; all 0 once passed. */
export function countdownParts(target: number, now: number): CountdownParts {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

const LABELS: Record<keyof CountdownParts, MessageDescriptor> = {
  days: msg`Days`,
  hours: msg`Hours`,
  minutes: msg`Minutes`,
  seconds: msg`Seconds`,
};

function subscribeToTicks(onTick: () => void) {
  const id = window.setInterval(onTick, COUNTDOWN_TICK_MS);
  return () => window.clearInterval(id);
}

/** The current time in whole seconds (epoch ms); null while prerendering and hydrating. */
const nowInSeconds = () => Math.floor(Date.now() / 1000) * 1000;

export function Countdown({ target }: { target: string }) {
  const now = useSyncExternalStore(subscribeToTicks, nowInSeconds, () => null);
  const { t, i18n } = useLingui();

  const parts = now === null ? null : countdownParts(Date.parse(target), now);

  return (
    <div role="timer" aria-label={t`Countdown to the festival`} className="grid grid-cols-4 gap-2 sm:gap-4">
      {(Object.keys(LABELS) as (keyof CountdownParts)[]).map((key) => (
        <div
          key={key}
          className="rounded-xl bg-white/10 px-2 py-3 text-center ring-1 ring-white/15"
          data-testid={`countdown-${key}`}
        >
          <span className="block text-3xl font-extrabold tabular-nums sm:text-4xl">
            {parts ? parts[key] : '–'}
          </span>
          <span className="mt-1 block text-xs font-semibold tracking-wider text-white/80 uppercase">
            {i18n._(LABELS[key])}
          </span>
        </div>
      ))}
    </div>
  );
}
