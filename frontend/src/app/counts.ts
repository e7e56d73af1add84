/**
 * A whole number with thousands separators, as en-US writes it ("1,234"). Not
 * toLocaleString: its first call builds an Intl number format, which cost the key page ~70 ms
 * of main thread on a throttled phone before its first paint (Lighthouse's bootup audit).
 */
export function groupedCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
