/** What members type for /postvideo's `at` and `repeat`, read strictly: anything else is refused. */

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** "90m", "1h30m", "2d", "1w" → milliseconds; null when it is not such a duration. */
export function parseDuration(text: string): number | null {
  const compact = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!/^(\d+[smhdw])+$/.test(compact)) return null;
  let total = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+)([smhdw])/g)) total += Number(amount) * UNIT_MS[unit];
  return total > 0 ? total : null;
}

/**
 * When to post: "now", a duration from now ("10m", "in 2h"), a time of day in UTC ("18:30",
 * today or else tomorrow), or a date and time ("2026-05-01 18:30" in UTC, or ISO 8601 with
 * a zone). Returns ms since the epoch, or null when the text is none of these.
 */
export function parseWhen(text: string, now: number): number | null {
  const input = text.trim();
  if (/^now$/i.test(input)) return now;
  const relative = parseDuration(input.replace(/^in\s+/i, ''));
  if (relative !== null) return now + relative;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(input);
  if (clock) {
    const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
    if (hours > 23 || minutes > 59) return null;
    const today = new Date(now);
    const at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, minutes);
    return at > now ? at : at + UNIT_MS.d;
  }
  const dated = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(Z|[+-]\d{2}:\d{2})?$/.exec(input);
  if (dated) {
    const at = Date.parse(`${dated[1]}T${dated[2]}${dated[3] ?? 'Z'}`);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}
