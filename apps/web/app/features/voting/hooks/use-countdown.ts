import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown to a deadline (the vote popup's 300 seconds, shown m:ss).
 * `start(seconds)` (re)starts it; it ticks once a second and stops at 0. The remaining time is
 * computed from the deadline, so a throttled background tab does not make it run slow.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setSecondsLeft(seconds);
  }, []);

  const stop = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        setDeadline(null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return { secondsLeft, running: deadline !== null, start, stop };
}

/** Seconds as m:ss, e.g. 300 → '5:00', 59 → '0:59'. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
