import { billingTexts } from '@vip/contracts/plain';
import { useState } from 'react';
import { errorTextOf } from '../api/errorText.ts';
import { useOpenBillingPortalMutation } from './billingApi.ts';

/** "Manage billing": Stripe's customer portal (change the card, cancel, switch plan, pay a failed invoice). */
export function ManageBilling({ label = 'Manage billing' }: { label?: string }) {
  const [openPortal, { isLoading }] = useOpenBillingPortalMutation();
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    try {
      const { url } = await openPortal().unwrap();
      window.location.assign(url);
    } catch (failure) {
      setError(errorTextOf(failure, billingTexts.failedToOpenPortal));
    }
  }

  return (
    <>
      <button type="button" className="button button-primary" onClick={open} disabled={isLoading}>
        {isLoading ? 'Opening...' : label}
      </button>
      {error && (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
