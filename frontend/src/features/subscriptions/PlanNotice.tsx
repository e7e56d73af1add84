import type { SubscriptionPanelView } from '@vip/contracts';
import { Link } from 'react-router';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { formatDate } from '../../lib/dates.ts';
import { ManageBilling } from '../billing/ManageBilling.tsx';
import { buyPathOf } from '../marketing/pricing.ts';
import { useGetServerQuery } from '../servers/serversApi.ts';
import { useGetSubscriptionQuery } from './subscriptionsApi.ts';
import './subscription.css';

/**
 * decisions.md §11: once a plan has ended the panel says so on every tab, what that changed,
 * and that renewing restores all of it at once. Nothing while the plan runs, or for a user
 * who never had one.
 */
export function PlanNotice() {
  const { data } = useGetSubscriptionQuery();
  if (!data || data.active) return null;
  return <PlanEnded subscription={data} />;
}

function PlanEnded({ subscription }: { subscription: SubscriptionPanelView }) {
  const settings = useSiteSettings();
  const supportUrl = safeExternalUrl(settings?.supportUrl);
  const { plan, readOnlyServers, usableSlots } = subscription;
  return (
    <section className="banner banner-warning plan-notice" aria-labelledby="plan-ended-title" data-testid="plan-ended">
      <h2 id="plan-ended-title">
        Your {subscription.planName} plan ended on {formatDate(subscription.expiresAt)}
      </h2>
      <p>Until it is renewed:</p>
      <ul>
        <li>your servers' key pages show the free tier (with the sponsor step where one is set);</li>
        <li>greetings and auto-ping are paused: the key bot does not send them, and your settings are kept;</li>
        {plan?.customVerificationMessage && (
          <li>
            <code>/send</code> posts the default verification message; yours is kept;
          </li>
        )}
        {plan?.analytics && <li>analytics are not shown;</li>}
        {readOnlyServers.length > 0 ? (
          <li>
            the free tier keeps {usableSlots} server{usableSlots === 1 ? '' : 's'} editable: {readOnlyServers.length}{' '}
            {readOnlyServers.length === 1 ? 'is' : 'are'} read-only (kept as they are, nothing can be changed):{' '}
            <span className="read-only-servers">
              {readOnlyServers.map((id, index) => (
                <span key={id}>
                  {index > 0 && ', '}
                  <ServerName id={id} />
                </span>
              ))}
            </span>
            .
          </li>
        ) : (
          <li>your servers stay editable (the free tier keeps {usableSlots}).</li>
        )}
      </ul>
      <p>
        <strong>Renewing restores all of it at once</strong>: the key pages, greetings, auto-ping
        {plan?.customVerificationMessage ? ', your verification message' : ''}
        {plan?.analytics ? ', analytics' : ''} and every server.{' '}
        {!settings?.billing &&
          (supportUrl ? (
            <a href={supportUrl} target="_blank" rel="noopener noreferrer">
              Contact support to renew
            </a>
          ) : (
            'Ask your admin to renew it.'
          ))}
      </p>
      {settings?.billing && <Renew subscription={subscription} billing={settings.billing} />}
    </section>
  );
}

/**
 * Renewing where plans are sold online (decisions.md §13): a subscription Stripe still holds
 * (past due, set to cancel) is renewed in its portal, by paying or keeping it; otherwise a new
 * checkout of the same plan, or of any plan sold online when this one is not.
 */
function Renew({
  subscription,
  billing,
}: {
  subscription: SubscriptionPanelView;
  billing: NonNullable<NonNullable<ReturnType<typeof useSiteSettings>>['billing']>;
}) {
  if (subscription.billing?.kind === 'stripe' && subscription.billing.status !== 'ended')
    return (
      <div className="button-row button-row-start">
        <ManageBilling label="Renew" />
      </div>
    );
  const path = buyPathOf(billing, subscription.planName) ?? '/features#pricing';
  return (
    <div className="button-row button-row-start">
      <Link className="button button-primary" to={path}>
        Renew
      </Link>
    </div>
  );
}

function ServerName({ id }: { id: string }) {
  const { data } = useGetServerQuery(id);
  return <strong>{data ? `${data.name} (${id})` : id}</strong>;
}
