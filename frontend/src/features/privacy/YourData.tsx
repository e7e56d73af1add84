import type { PlanBilling } from '@vip/contracts';
import { privacyPaths } from '@vip/contracts/plain';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { fetchRoute } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { downloadJson } from './downloadJson.ts';

/** A running plan Stripe bills: deleting the account cancels it at once, and the panel says so first. */
const stripeRuns = (billing: PlanBilling | undefined) => billing?.kind === 'stripe' && billing.endedAt === null;

/**
 * The signed-in user's own data: a copy to download (GET /api/user/me/export) and the
 * account's deletion (DELETE /api/user/me), proven by the password. Both are files or one-off
 * actions, not state to cache, so they are fetched with lib/http.ts rather than the apiSlice.
 */
export function YourData({ billing }: { billing?: PlanBilling }) {
  const token = useAppSelector((state) => state.auth.token);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetchRoute(privacyPaths.exportOwn, undefined, { token });
      if (!response.ok) {
        setFailure(
          errorTextOf({ data: await response.json().catch(() => undefined) }, 'Your data could not be downloaded'),
        );
        return;
      }
      downloadJson(await response.json(), 'my-data.json');
    } catch {
      setFailure('Your data could not be downloaded');
    } finally {
      setBusy(false);
    }
  }

  async function deleteAccount() {
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetchRoute(privacyPaths.deleteOwnAccount, { body: { password } }, { token });
      if (!response.ok) {
        setFailure(errorTextOf({ data: await response.json().catch(() => undefined) }, 'Your account was not deleted'));
        return;
      }
      // every session of the account has ended on the server: this one too
      dispatch(sessionEnded('logout'));
    } catch {
      setFailure('Your account was not deleted');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="your-data">
      <h3>Your data</h3>
      <p className="field-hint">A copy of everything this product keeps about you, as a JSON file.</p>
      <button type="button" className="button button-secondary" onClick={download} disabled={busy}>
        Download my data
      </button>
      {confirming ? (
        <fieldset className="reset-confirm" aria-label="Confirm account deletion">
          <p className="muted">
            Your account is deleted for good: every session signs out, your servers and your Discord link are released,
            and what is kept about your linked Discord account is erased. Invoices stay with Stripe, named only by their
            ids.
          </p>
          {stripeRuns(billing) && (
            <p className="banner banner-warning" data-testid="stripe-cancel-warning">
              Your Stripe subscription is cancelled at once: the time already paid for ends now and is not refunded.
            </p>
          )}
          <div className="field">
            <label htmlFor="delete-account-password">Panel password</label>
            <input
              id="delete-account-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="button-row button-row-start">
            <button type="button" className="button button-danger" onClick={deleteAccount} disabled={busy}>
              {busy ? 'Deleting...' : 'Yes, delete my account'}
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setPassword('');
                setConfirming(false);
              }}
            >
              Cancel
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
