/**
 * Amounts as Stripe gives them: whole numbers in the currency's smallest unit (cents), with a
 * lowercase ISO currency code. Zod-free and Intl-free: the audit sentences word thousands of
 * events, and the Statistics screen shows the same text.
 */

/** Currencies without a minor unit (Stripe's list of zero-decimal currencies). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

const SYMBOLS: Record<string, string> = { eur: '€', usd: '$', gbp: '£' };

/** "€15.00", "$7.50", "1,500 JPY". */
export function moneyText(amount: number, currency: string): string {
  const code = currency.toLowerCase();
  const negative = amount < 0;
  const whole = Math.abs(amount);
  const units = ZERO_DECIMAL.has(code) ? whole : Math.floor(whole / 100);
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = ZERO_DECIMAL.has(code) ? grouped : `${grouped}.${String(whole % 100).padStart(2, '0')}`;
  const symbol = SYMBOLS[code];
  const text = symbol ? `${symbol}${digits}` : `${digits} ${code.toUpperCase()}`;
  return negative ? `-${text}` : text;
}
