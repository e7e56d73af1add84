import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmButtons } from '../../components/ConfirmButtons.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useDeleteAccountOnRequestMutation } from './privacyApi.ts';

/**
 * An admin deletes a panel user's account on the user's request (their right to erasure): asked
 * first, with what it does, since it cannot be undone; the server's sentence says what it did.
 */
export function DeleteAccountButton({
  id,
  username,
  billedByStripe,
}: {
  id: string;
  username: string;
  billedByStripe: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountOnRequestMutation();

  async function handleDelete() {
    try {
      const answer = await deleteAccount(id).unwrap();
      toast.success(answer.message, { id: `account-${id}` });
    } catch (failure) {
      toast.error(errorTextOf(failure, 'The account was not deleted'), { id: `account-${id}` });
      setConfirming(false);
    }
  }

  if (!confirming)
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => setConfirming(true)}
        aria-label={`Delete the account of ${username} on their request`}
      >
        Delete account…
      </button>
    );
  return (
    <fieldset className="reset-confirm" aria-label={`Confirm the deletion of ${username}`}>
      <p className="muted">
        Only on {username}'s request: the account is deleted for good, its sessions end, its servers and Discord link
        are released and its linked Discord data is erased.
        {billedByStripe && ' Its Stripe subscription is cancelled at once, without a refund.'} Invoices stay with
        Stripe, named only by their ids.
      </p>
      <ConfirmButtons
        label="Delete for good"
        busyLabel="Deleting..."
        busy={isLoading}
        onConfirm={handleDelete}
        onKeep={() => setConfirming(false)}
      />
    </fieldset>
  );
}
