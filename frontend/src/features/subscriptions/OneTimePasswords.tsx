import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmButtons } from '../../components/ConfirmButtons.tsx';
import { SecretField } from '../../components/SecretField.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useResetSubscriberPasswordMutation } from './subscriptionsApi.ts';

/** A password the server generated and answered once: the admin still has to pass it on. */
export interface HandedPassword {
  username: string;
  password: string;
  why: 'created' | 'reset';
}

/**
 * The passwords shown once on the Subscribers screen, one per subscriber: each stays on its
 * card until the admin dismisses it, whatever is created or reset after it. Only in this
 * screen's memory: never stored, never in the request cache.
 */
export function useOneTimePasswords() {
  const [handed, setHanded] = useState<Record<string, HandedPassword>>({});
  const show = useCallback((id: string, password: HandedPassword) => {
    setHanded((all) => ({ ...all, [id]: password }));
  }, []);
  const dismiss = useCallback((id: string) => {
    setHanded((all) => {
      const { [id]: _gone, ...rest } = all;
      return rest;
    });
  }, []);
  return { handed, show, dismiss };
}

export function OneTimePassword({ handed, onDone }: { handed: HandedPassword; onDone: () => void }) {
  return (
    <div className="new-password" role="status" data-testid="one-time-password">
      <p className="banner banner-warning">
        {handed.why === 'created' ? 'Generated password' : 'New password'} for {handed.username}: shown once. Pass it on
        now; it cannot be shown again.
      </p>
      <SecretField label={`Password of ${handed.username}`} value={handed.password} />
      <button type="button" className="button button-secondary button-small" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** Reset a subscriber's password, after a confirmation: their sessions end and a new one is shown once. */
export function ResetPasswordButton({
  id,
  username,
  onReset,
}: {
  id: string;
  username: string;
  onReset: (password: HandedPassword) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reset, { isLoading, reset: forget }] = useResetSubscriberPasswordMutation();

  async function confirm() {
    try {
      const answer = await reset(id).unwrap();
      forget(); // the answer holds the password: keep it only on the card
      onReset({ username: answer.username, password: answer.password, why: 'reset' });
      toast.success(`Password of ${username} reset: every session of the account has ended`, { id: `reset-${id}` });
      setConfirming(false);
    } catch (failure) {
      toast.error(errorTextOf(failure, 'Failed to reset the password'), { id: `reset-${id}` });
    }
  }

  if (!confirming)
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => setConfirming(true)}
        aria-label={`Reset the password of ${username}`}
      >
        Reset password
      </button>
    );
  return (
    <ConfirmButtons
      label="Confirm reset"
      busyLabel="Resetting..."
      busy={isLoading}
      onConfirm={confirm}
      onKeep={() => setConfirming(false)}
    />
  );
}
