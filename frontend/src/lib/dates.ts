/**
 * Every date the product shows (spec §9), in one place:
 * - announcements: "Nov 22, 2026, 14:05" (month abbreviation, day, year, 24-hour time), in the
 *   reader's time zone, because it says when something was posted;
 * - everything else (plans, whitelist entries, subscribers, statistics): DD.MM.YYYY in UTC.
 */
const announcementFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23, not hour12:false: the latter prints midnight as "24:05" in some engines
  hourCycle: 'h23',
});

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatAnnouncementDate(value: string | number | Date): string {
  const date = parse(value);
  return date ? announcementFormat.format(date) : '';
}

const two = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY in UTC; '' for a missing or unreadable date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** A YYYY-MM-DD day (statistics) as DD.MM.YYYY, without a time zone shifting it. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : formatDate(day);
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, never below 0 (spec §4: the countdown floors at 0). */
  totalMs: number;
}

export function countdownTo(until: string | number | Date, now: number = Date.now()): Countdown {
  const end = parse(until);
  const totalMs = end ? Math.max(0, end.getTime() - now) : 0;
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

/** "12d 03h 04m 05s" */
export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  return `${days}d ${two(hours)}h ${two(minutes)}m ${two(seconds)}s`;
}

/** DD.MM.YYYY HH:mm UTC (the audit trail); '' for a missing or unreadable time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${formatDate(date)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
