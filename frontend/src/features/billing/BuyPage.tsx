import type { AlreadyBilledRefusal } from '@vip/contracts';
import { billingTexts, errorCodes, planNamed } from '@vip/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { SignedInLayout } from '../../components/SignedInLayout.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useStartCheckoutMutation } from './billingApi.ts';
import { ManageBilling } from './ManageBilling.tsx';
import './billing.css';

const refusalOf = (failure: unknown) => (failure as { data?: Partial<AlreadyBilledRefusal> } | null)?.data;

/**
 * /buy/:plan(?interval=year): a pricing card's "Get …" once someone is signed in (the route
 * guard took them through sign-in first). Asks for a Stripe checkout and goes there; says why
 * when it cannot, with Stripe's portal for someone who pays for a plan already.
 */
export default function BuyPage() {
  const { plan = '' } = useParams();
  const [search] = useSearchParams();
  const interval = search.get('interval') === 'year' ? 'year' : 'month';
  const name = planNamed(plan)?.name ?? plan;
  const [startCheckout] = useStartCheckoutMutation();
  const [failure, setFailure] = useState<{ text: string; code?: string; portalUrl?: string } | null>(null);
  const started = useRef(false);
  const supportUrl = safeExternalUrl(useSiteSettings()?.supportUrl);
  // not sold online here: the way this site gives plans instead of a dead end
  const soldByHand = failure?.code === errorCodes.billingOff || failure?.code === errorCodes.notForSale;

  useEffect(() => {
    if (started.current) return; // once, even when React runs effects twice in development
    started.current = true;
    startCheckout({ plan: name, interval })
      .unwrap()
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) =>
        setFailure({
          text: errorTextOf(error, billingTexts.failedToStartCheckout),
          code: refusalOf(error)?.code,
          portalUrl: refusalOf(error)?.portalUrl,
        }),
      );
  }, [startCheckout, name, interval]);

  return (
    <SignedInLayout mode="panel">
      <main id="main" className="buy-page">
        <section className="card buy-card" aria-labelledby="buy-title">
          <h1 id="buy-title">
            Get {name}
            {interval === 'year' ? ' (yearly)' : ''}
          </h1>
          {failure ? (
            <>
              <p className="banner banner-error" role="alert">
                {failure.text}
              </p>
              {soldByHand && (
                <p data-testid="buy-by-hand">
                  {supportUrl ? (
                    <>
                      Plans here are given by the site's team:{' '}
                      <a href={supportUrl} target="_blank" rel="noopener noreferrer">
                        ask for {name} on the support server
                      </a>
                      .
                    </>
                  ) : (
                    `Plans here are given by the admin who runs this site: ask them for ${name}. Until then your account keeps the servers it has.`
                  )}
                </p>
              )}
              <div className="button-row button-row-start">
                {failure.code === errorCodes.alreadyBilled &&
                  (failure.portalUrl ? (
                    <a className="button button-primary" href={failure.portalUrl}>
                      Manage billing
                    </a>
                  ) : (
                    <ManageBilling />
                  ))}
                <Link className="button button-secondary" to="/panel?tab=subscription">
                  Your subscription
                </Link>
                <Link className="button button-ghost" to="/features#pricing">
                  Pricing
                </Link>
              </div>
            </>
          ) : (
            <p className="muted" role="status">
              Opening the secure checkout...
            </p>
          )}
        </section>
      </main>
    </SignedInLayout>
  );
}
