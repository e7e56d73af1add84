import type { AccountWithoutPlan, SubscriberListItem } from '@vip/contracts';
import { configDefaults } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { adminTexts } from '../../app/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { billingBadge, billingStateText } from '../billing/billingWords.ts';
import { DeleteAccountButton } from '../privacy/DeleteAccountButton.tsx';
import { OneTimePassword, ResetPasswordButton, type useOneTimePasswords } from './OneTimePasswords.tsx';
import { SubscriberIdentity } from './SubscriberIdentity.tsx';
import { useEndSubscriptionMutation, useExtendSubscriptionMutation, useStartPlanMutation } from './subscriptionsApi.ts';

/** One subscriber's card on the admin's Subscribers screen: the plan, extend, end, a password reset and a deletion on request. */
type Passwords = ReturnType<typeof useOneTimePasswords>;

export function SubscriberRow({ subscriber, passwords }: { subscriber: SubscriberListItem; passwords: Passwords }) {
  const [days, setDays] = useState('30');
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [extend, { isLoading: extending }] = useExtendSubscriptionMutation();
  const [end, { isLoading: ending }] = useEndSubscriptionMutation();
  const daysId = `extend-days-${subscriber.id}`;
  const handed = passwords.handed[subscriber.id];

  async function handleExtend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await extend({ id: subscriber.id, days: Number(days) }).unwrap();
      toast.success(adminTexts.subscriptionExtended, { id: `plan-${subscriber.id}` });
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToChangeSubscription), { id: `plan-${subscriber.id}` });
    }
  }

  // a plan Stripe bills is cancelled in Stripe too: at once, or at the end of the period paid for
  const billedByStripe = subscriber.billing?.kind === 'stripe' && subscriber.billing.status !== 'ended';

  async function handleEnd(stripe: 'now' | 'periodEnd' = 'now') {
    try {
      await end({ id: subscriber.id, stripe }).unwrap();
      toast.success(stripe === 'now' ? adminTexts.subscriptionEnded : adminTexts.stripeStopsAtPeriodEnd, {
        id: `plan-${subscriber.id}`,
      });
      setConfirmEnd(false);
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToChangeSubscription), { id: `plan-${subscriber.id}` });
    }
  }

  return (
    <li className="card subscriber-row" data-subscriber={subscriber.username}>
      <div className="subscriber-head">
        <strong className="subscriber-name">{subscriber.username}</strong>
        <span className={subscriber.active ? 'badge badge-success' : 'badge badge-high'}>
          {subscriber.active ? 'Active' : 'Expired'}
        </span>
      </div>
      <dl className="subscriber-facts">
        <div>
          <dt>Plan</dt>
          <dd>{subscriber.planName}</dd>
        </div>
        {subscriber.billing && (
          <div data-testid="subscriber-billing">
            <dt>Billing</dt>
            <dd>
              <span className={billingBadge(subscriber.billing).className}>
                {billingBadge(subscriber.billing).text}
              </span>{' '}
              {billingStateText(subscriber.billing)}
            </dd>
          </div>
        )}
        <div>
          <dt>Started</dt>
          <dd>{formatDate(subscriber.startedAt)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{formatDate(subscriber.expiresAt)}</dd>
        </div>
        <div>
          <dt>Slots</dt>
          <dd>
            {subscriber.maxSlots}{' '}
            <span className="muted">{subscriber.slotsOverride === null ? '(plan)' : '(set by an admin)'}</span>
          </dd>
        </div>
        {/* the id an admin gave at creation; the linked account itself is shown below */}
        {subscriber.discordUserId && subscriber.discordUserId !== subscriber.discord?.id && (
          <div>
            <dt>Discord ID given</dt>
            <dd className="mono">{subscriber.discordUserId}</dd>
          </div>
        )}
      </dl>
      <SubscriberIdentity subscriber={subscriber} />
      {handed && <OneTimePassword handed={handed} onDone={() => passwords.dismiss(subscriber.id)} />}
      <div className="subscriber-actions">
        <form className="extend-form" onSubmit={handleExtend}>
          <DaysField id={daysId} days={days} onChange={setDays} />
          <button
            type="submit"
            className="button button-secondary button-small"
            disabled={extending}
            aria-label={`Extend ${subscriber.username} by ${days} days`}
          >
            {extending ? 'Extending...' : 'Extend'}
          </button>
        </form>
        {subscriber.active &&
          (confirmEnd ? (
            <span className="button-row button-row-start">
              <button
                type="button"
                className="button button-danger button-small"
                onClick={() => handleEnd('now')}
                disabled={ending}
              >
                {ending ? 'Ending...' : billedByStripe ? 'End now, cancel in Stripe' : 'Confirm end'}
              </button>
              {billedByStripe && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => handleEnd('periodEnd')}
                  disabled={ending}
                >
                  Cancel at period end
                </button>
              )}
              <button type="button" className="button button-ghost button-small" onClick={() => setConfirmEnd(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="button button-danger button-small"
              onClick={() => setConfirmEnd(true)}
              aria-label={`End the plan of ${subscriber.username}`}
            >
              End
            </button>
          ))}
        <ResetPasswordButton
          id={subscriber.id}
          username={subscriber.username}
          onReset={(password) => passwords.show(subscriber.id, password)}
        />
        <DeleteAccountButton id={subscriber.id} username={subscriber.username} billedByStripe={billedByStripe} />
      </div>
    </li>
  );
}

/** An account with no plan (npm run user, a Discord sign-up that bought nothing): who it is, and a reset. */
export function AccountWithoutPlanRow({ account, passwords }: { account: AccountWithoutPlan; passwords: Passwords }) {
  const handed = passwords.handed[account.id];
  return (
    <li className="card subscriber-row" data-subscriber={account.username}>
      <div className="subscriber-head">
        <strong className="subscriber-name">{account.username}</strong>
        <span className="badge badge-muted">No plan</span>
      </div>
      <dl className="subscriber-facts">
        <div>
          <dt>Registered</dt>
          <dd>{formatDate(account.registeredAt)}</dd>
        </div>
      </dl>
      <SubscriberIdentity subscriber={account} />
      {handed && <OneTimePassword handed={handed} onDone={() => passwords.dismiss(account.id)} />}
      <div className="subscriber-actions">
        <StartPlanForm id={account.id} username={account.username} />
        <ResetPasswordButton
          id={account.id}
          username={account.username}
          onReset={(password) => passwords.show(account.id, password)}
        />
        <DeleteAccountButton id={account.id} username={account.username} billedByStripe={false} />
      </div>
    </li>
  );
}

/** A plan for an account that has none: the plan and its days, as the new-subscriber form takes them. */
function StartPlanForm({ id, username }: { id: string; username: string }) {
  const [planName, setPlanName] = useState<string>(
    configDefaults.plans.find((plan) => plan.mostPopular)?.name ?? configDefaults.plans[0].name,
  );
  const [days, setDays] = useState('30');
  const [startPlan, { isLoading }] = useStartPlanMutation();
  const planId = `start-plan-${id}`;
  const daysId = `start-plan-days-${id}`;

  async function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await startPlan({ id, planName, days: Number(days) }).unwrap();
      toast.success(`${planName} plan started for ${username}`, { id: `plan-${id}` });
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToChangeSubscription), { id: `plan-${id}` });
    }
  }

  return (
    <form className="extend-form" onSubmit={handleStart}>
      <label htmlFor={planId}>Plan</label>
      <select id={planId} value={planName} onChange={(event) => setPlanName(event.target.value)}>
        {configDefaults.plans.map((plan) => (
          <option key={plan.id} value={plan.name}>
            {plan.name}
          </option>
        ))}
      </select>
      <DaysField id={daysId} days={days} onChange={setDays} />
      <button
        type="submit"
        className="button button-primary button-small"
        disabled={isLoading}
        aria-label={`Start a ${planName} plan of ${days} days for ${username}`}
      >
        {isLoading ? 'Starting...' : 'Start plan'}
      </button>
    </form>
  );
}

/** The number of days a plan is extended or started for (1 to 3650, as the server allows). */
function DaysField({ id, days, onChange }: { id: string; days: string; onChange: (days: string) => void }) {
  return (
    <>
      <label htmlFor={id}>Days</label>
      <input id={id} type="number" min={1} max={3650} value={days} onChange={(event) => onChange(event.target.value)} />
    </>
  );
}
