/**
 * Every date and time the product shows (spec §9), one formatter per kind, all in UTC so that
 * every screen and every reader agree:
 * - a date: DD.MM.YYYY (plans, whitelist entries, subscribers, statistics) — formatDate;
 * - a time: DD.MM.YYYY HH:mm UTC, its zone named (the audit trail, link codes, "updated") — formatDateTime;
 * - an announcement: "Nov 22, 2026, 14:05 UTC" (the spec's month abbreviation, day, year,
 *   24-hour time), its zone named too — formatAnnouncementDate;
 * - a date typed in a field: DD.MM.YYYY as well — dayOfInput / inputOfDay;
 * - time left: coarse for long spans (days and hours), to the second in the last day — formatCountdown.
 */
const announcementFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23, not hour12:false: the latter prints midnight as "24:05" in some engines
  hourCycle: 'h23',
  timeZone: 'UTC',
});

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatAnnouncementDate(value: string | number | Date): string {
  const date = parse(value);
  return date ? `${announcementFormat.format(date)} UTC` : '';
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

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * Time left, as coarse as its span: "29 days, 4 hours" while a day or more is left (a plan's
 * month does not tick seconds), "3h 04m 05s" in the last day, "0h 00m 00s" once it is over.
 */
export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  if (days > 0) return `${plural(days, 'day')}, ${plural(hours, 'hour')}`;
  return `${hours}h ${two(minutes)}m ${two(seconds)}s`;
}

/** A typed DD.MM.YYYY (or D.M.YYYY) as the API's YYYY-MM-DD; null when it is not a real day. */
export function dayOfInput(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${two(month)}-${two(day)}`;
}

/** The API's YYYY-MM-DD (or a full instant) as the DD.MM.YYYY a field shows; anything else as it is. */
export function inputOfDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : formatDate(value) || value;
}

/** DD.MM.YYYY HH:mm UTC (the audit trail); '' for a missing or unreadable time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${formatDate(date)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
