/** A configured duration as the pages state it: "24 hours", "1 hour", "60 minutes", "90 seconds". */
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

export function hoursText(hours: number): string {
  return Number.isInteger(hours) ? plural(hours, 'hour') : minutesText(hours * 60);
}

/** Minutes may be a fraction (VIP_ROLE_SECONDS in tests): then the page says seconds. */
export function minutesText(minutes: number): string {
  return Number.isInteger(minutes) ? plural(minutes, 'minute') : plural(Math.round(minutes * 60), 'second');
}
