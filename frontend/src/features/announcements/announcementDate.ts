/** Spec §9: "month abbreviation, day, year, 24-hour time", e.g. "Nov 22, 2026, 14:05", in the reader's time zone. */
const announcementDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23, not hour12:false: the latter prints midnight as "24:05" in some engines
  hourCycle: 'h23',
});

export function formatAnnouncementDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? '' : announcementDate.format(date);
}
