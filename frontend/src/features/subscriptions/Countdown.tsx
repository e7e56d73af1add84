import { useEffect, useState } from 'react';
import { countdownTo, formatCountdown, formatDateTime } from '../../lib/dates.ts';

/** Spec §4: the time left, recomputed every second, never below 0; days and hours while a day or more is left. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  const left = countdownTo(until, now);
  const running = left.totalMs > 0;
  useEffect(() => {
    if (!running) return; // at 0 it stays at 0
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return (
    <time
      className="countdown"
      dateTime={until}
      title={`until ${formatDateTime(until)}`}
      data-testid="countdown"
      aria-live="off"
    >
      {formatCountdown(left)}
    </time>
  );
}
