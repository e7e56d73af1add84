/** "+12.5%", "−3%", or "—" when there is nothing to compare with (a null change). */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  if (change === 0) return '0%';
  const sign = change > 0 ? '+' : '−';
  return `${sign}${Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A round ceiling for a chart axis: 1, 2, 5, 10, 20, 50... */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (value <= step * magnitude) return step * magnitude;
  }
  return 10 * magnitude;
}
