import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { SubscriberListItem } from '@vip/contracts';
import { adminTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { billingBadge, billingStateText } from '../billing/billingWords.ts';
import { CreateSubscriberForm } from './CreateSubscriberForm.tsx';
import { SubscriberIdentity } from './SubscriberIdentity.tsx';
import {
  useEndSubscriptionMutation,
  useExtendSubscriptionMutation,
  useGetSubscribersQuery,
} from './subscriptionsApi.ts';

/** The admin's subscribers: their plans, with extend and end per row. */
export function SubscribersView() {
  const query = useGetSubscribersQuery();
  const { data } = query;
  return (
    <div className="subscribers-layout">
      <section aria-labelledby="subscribers-title">
        <div className="section-header">
          <h2 id="subscribers-title">Subscribers {data && <span className="count-badge">{data.length}</span>}</h2>
        </div>
        <QueryResult
          query={query}
          loading="Loading subscribers..."
          failed={adminTexts.failedToLoadSubscribers}
          empty={adminTexts.noSubscribers}
        >
          {(subscribers) => (
            <ul className="subscriber-list">
              {subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} />
              ))}
            </ul>
          )}
        </QueryResult>
      </section>
      <CreateSubscriberForm />
    </div>
  );
}

function SubscriberRow({ subscriber }: { subscriber: SubscriberListItem }) {
  const [days, setDays] = useState('30');
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [extend, { isLoading: extending }] = useExtendSubscriptionMutation();
  const [end, { isLoading: ending }] = useEndSubscriptionMutation();
  const daysId = `extend-days-${subscriber.id}`;

  async function handleExtend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await extend({ id: subscriber.id, days: Number(days) }).unwrap();
      toast.success(adminTexts.subscriptionExtended);
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToChangeSubscription));
    }
  }

  // a plan Stripe bills is cancelled in Stripe too: at once, or at the end of the period paid for
  const billedByStripe = subscriber.billing?.kind === 'stripe' && subscriber.billing.status !== 'ended';

  async function handleEnd(stripe: 'now' | 'periodEnd' = 'now') {
    try {
      await end({ id: subscriber.id, stripe }).unwrap();
      toast.success(stripe === 'now' ? adminTexts.subscriptionEnded : adminTexts.stripeStopsAtPeriodEnd);
      setConfirmEnd(false);
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToChangeSubscription));
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
        <div>
          <dt>Discord</dt>
          <dd className="mono">{subscriber.discordUserId ?? '—'}</dd>
        </div>
      </dl>
      <SubscriberIdentity subscriber={subscriber} />
      <div className="subscriber-actions">
        <form className="extend-form" onSubmit={handleExtend}>
          <label htmlFor={daysId}>Days</label>
          <input
            id={daysId}
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
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
      </div>
    </li>
  );
}
