import type { BillingInterval } from '@vip/contracts';

/** Monthly or yearly prices on the pricing table, where Stripe sells plans by the year too. */
export function IntervalSwitch({
  interval,
  onChange,
  saving,
}: {
  interval: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  /** The best yearly saving, in percent, said beside "Yearly"; null when none. */
  saving: number | null;
}) {
  const choice = (value: BillingInterval, label: string) => (
    <button
      type="button"
      className={interval === value ? 'button button-primary button-small' : 'button button-ghost button-small'}
      aria-pressed={interval === value}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="interval-switch" aria-label="Billing period">
      {choice('month', 'Monthly')}
      {choice('year', saving ? `Yearly (save up to ${saving}%)` : 'Yearly')}
    </fieldset>
  );
}
