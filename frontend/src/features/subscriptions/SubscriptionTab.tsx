import type { SubscriptionPanelView } from '@vip/contracts';
import { plansWithText } from '@vip/contracts/plain';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { panelTexts, subscriptionTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { SecretField } from '../../components/SecretField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { isHttpFailure } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { billingBadge, billingStateText } from '../billing/billingWords.ts';
import { ChoosePlan } from '../billing/ChoosePlan.tsx';
import { ManageBilling } from '../billing/ManageBilling.tsx';
import { YourData } from '../privacy/YourData.tsx';
import { Countdown } from './Countdown.tsx';
import { useGetSubscriptionQuery, useResetPanelPasswordMutation } from './subscriptionsApi.ts';

/** While Stripe has not yet told the product about a checkout the browser came back from: ask again this often. */
const CHECKOUT_POLL_MS = 2000;

/** Spec §2/§4 Subscription tab, with decisions.md §4 (no stored password is ever shown) and §13 (billing). */
export function SubscriptionTab() {
  const [params] = useSearchParams();
  const [waiting, setWaiting] = useState(params.get('checkout') === 'done');
  const query = useGetSubscriptionQuery(undefined, { pollingInterval: waiting ? CHECKOUT_POLL_MS : 0 });
  // back from Stripe's checkout: the plan starts once Stripe's webhook arrives, which may be a moment later
  const started = query.data?.active === true && query.data.billing?.kind === 'stripe';
  useEffect(() => {
    if (started) setWaiting(false);
  }, [started]);
  const noPlan = isHttpFailure(query.error) && query.error.status === 404;
  return (
    <>
      {waiting && (
        <p className="banner banner-info" role="status">
          Payment received: your plan starts as soon as Stripe confirms it.
        </p>
      )}
      <QueryResult
        query={query}
        loading="Loading subscription..."
        failed={subscriptionTexts.failedToLoadSubscription}
        empty={subscriptionTexts.noActiveSubscription}
        emptyOnNotFound
      >
        {(subscription) => <SubscriptionDetails data={subscription} />}
      </QueryResult>
      {noPlan && !waiting && <ChoosePlan lead="Buy a plan to add your servers and unlock what it includes." />}
      {noPlan && !waiting && <NoPlanWayForward />}
      {/* an account without a plan has data and an account to delete too */}
      {noPlan && !waiting && (
        <section className="card credentials-card" aria-label="Your data">
          <YourData />
        </section>
      )}
    </>
  );
}

/**
 * An account without a plan where plans are not sold online: what it has now, and who gives a
 * plan here (the support server where there is one, else the admin), never a dead end.
 */
function NoPlanWayForward() {
  const settings = useSiteSettings();
  if (!settings || settings.billing) return null;
  const supportUrl = safeExternalUrl(settings.supportUrl);
  return (
    <p className="banner banner-info" data-testid="no-plan-way-forward">
      Without a plan your account keeps up to {settings.defaultServerSlots} servers. Plans here are given by the site's
      team:{' '}
      {supportUrl ? (
        <a href={supportUrl} target="_blank" rel="noopener noreferrer">
          ask for one on the support server
        </a>
      ) : (
        'ask the admin who runs this site for one'
      )}
      .
    </p>
  );
}

function SubscriptionDetails({ data }: { data: SubscriptionPanelView }) {
  return (
    <div className="subscription-layout">
      <section className="card subscription-card" aria-labelledby="plan-title">
        <div className="section-header">
          <h2 id="plan-title">{data.planName}</h2>
          <span className={data.active ? 'badge badge-success' : 'badge badge-high'} data-testid="subscription-status">
            {data.active ? 'Active' : 'Expired'}
          </span>
        </div>
        <dl className="plan-facts">
          <div>
            <dt>Plan</dt>
            <dd>{data.planName}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDate(data.createdAt)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{formatDate(data.expiresAt)}</dd>
          </div>
          <div>
            <dt>Time remaining</dt>
            <dd>
              <Countdown until={data.expiresAt} />
            </dd>
          </div>
        </dl>
        <PlanIncludes data={data} />
        <Billing data={data} />
      </section>
      <section className="card credentials-card" aria-labelledby="credentials-title">
        <h2 id="credentials-title">Credentials</h2>
        <SecretField label="Panel username" value={data.panelUsername} />
        <SecretField label="License key" value={data.licenseKey} />
        <p className="field-hint" data-testid="license-key-hint">
          Your license key names your subscription: give it when you ask support or an admin about your plan. It does
          not sign anyone in, and it stays the same when your password changes.
        </p>
        <ResetPassword />
        <YourData billing={data.billing} />
      </section>
    </div>
  );
}

/** How the plan is paid (decisions.md §13): manual, or Stripe's state of it with "Manage billing". */
function Billing({ data }: { data: SubscriptionPanelView }) {
  const billingOn = useSiteSettings()?.billing != null;
  const { billing } = data;
  // billing off and a plan an admin set: nothing to say about paying
  if (!billing) return null;
  const badge = billingBadge(billing);
  return (
    <div className="billing-facts" data-testid="billing">
      <h3 id="billing-title">Billing</h3>
      <p>
        <span className={badge.className}>{badge.text}</span> <span>{billingStateText(billing)}</span>
      </p>
      {billing.kind === 'stripe' && billingOn && (
        <div className="button-row button-row-start">
          <ManageBilling />
        </div>
      )}
    </div>
  );
}

/** What the plan sells (spec §9), and what of it the subscriber has right now. */
function PlanIncludes({ data }: { data: SubscriptionPanelView }) {
  if (!data.plan) return null;
  const paused = data.active ? '' : ' (paused until renewal)';
  const rows: [string, string][] = [
    ['Servers', `${data.slots}${data.active ? '' : `, ${data.usableSlots} editable until renewal`}`],
    [
      'Custom verification message',
      data.plan.customVerificationMessage
        ? `Included${paused}`
        : `Not included (${unlockedBy('customVerificationMessage')})`,
    ],
    ['Analytics', data.plan.analytics ? `Included${paused}` : `Not included (${unlockedBy('analytics')})`],
  ];
  return (
    <div className="plan-includes">
      <h3 id="plan-includes-title">What your plan includes</h3>
      <dl className="plan-facts" aria-labelledby="plan-includes-title">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const unlockedBy = (feature: 'customVerificationMessage' | 'analytics') => `with ${plansWithText(feature)}`;

/** A new panel password, shown once (decisions.md §4): never kept in the request cache. */
function ResetPassword() {
  const [resetPassword, { isLoading, reset }] = useResetPanelPasswordMutation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  // the current password proves the account is yours, not only the session (issue #13)
  const [currentPassword, setCurrentPassword] = useState('');

  async function confirm() {
    try {
      const answer = await resetPassword({ currentPassword }).unwrap();
      setPassword(answer.password);
      reset(); // drop the answer from the store: this component holds the only copy
      setCurrentPassword('');
      setConfirming(false);
      toast.success('Panel password reset');
    } catch (failure) {
      toast.error(errorTextOf(failure, panelTexts.failedToResetPassword));
    }
  }

  if (password) {
    return (
      <div className="new-password" role="status">
        <p className="banner banner-warning">This new password is shown once. Save it now: it cannot be shown again.</p>
        <SecretField label="New panel password" value={password} />
        <button type="button" className="button button-secondary button-small" onClick={() => setPassword(null)}>
          I have saved it
        </button>
      </div>
    );
  }
  if (confirming) {
    return (
      <fieldset className="reset-confirm" aria-label="Confirm password reset">
        <p className="muted">
          Your current panel password stops working at once, and every other session of this account is signed out.
        </p>
        <div className="field">
          <label htmlFor="reset-current-password">Current panel password</label>
          <input
            id="reset-current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </div>
        <div className="button-row button-row-start">
          <button
            type="button"
            className="button button-danger"
            onClick={confirm}
            disabled={isLoading || currentPassword === ''}
          >
            {isLoading ? 'Resetting...' : 'Yes, reset it'}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setCurrentPassword('');
              setConfirming(false);
            }}
          >
            Cancel
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <div>
      <p className="field-hint reset-hint">
        Your password is stored only as a hash, so it cannot be shown. You can replace it with a new one.
      </p>
      <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
        Reset panel password
      </button>
    </div>
  );
}
