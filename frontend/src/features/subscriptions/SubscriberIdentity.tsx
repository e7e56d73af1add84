import type { SubscriberIdentity as SubscriberIdentityData } from '@vip/contracts';
import { ADMIN_REASON_MAX } from '@vip/contracts/plain';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useReleaseClaimMutation, useUnlinkDiscordMutation } from './subscriptionsApi.ts';
import './identity.css';

/**
 * A subscriber's Discord account and servers on the admin's Subscribers screen (decisions.md
 * §9): which account is linked, which servers they hold and whether each claim is verified;
 * an admin can unlink the account or release a claim, each with a reason for the audit trail.
 */
export function SubscriberIdentity({
  subscriber,
}: {
  subscriber: SubscriberIdentityData & { id: string; username: string };
}) {
  const [unlink, { isLoading: unlinking }] = useUnlinkDiscordMutation();
  const [release, { isLoading: releasing }] = useReleaseClaimMutation();
  const { discord, servers = [] } = subscriber;
  return (
    <div className="subscriber-identity">
      <div className="identity-account">
        {discord ? (
          <>
            <UserAvatar username={discord.username} avatar={discord.avatar} />
            <span className="identity-account-text">
              <strong>{discord.username}</strong>
              <span className="muted mono">{discord.id}</span>
            </span>
            <ReasonAction
              label="Unlink"
              what={`the Discord account of ${subscriber.username}`}
              busy={unlinking}
              onConfirm={(reason) => unlink({ id: subscriber.id, reason }).unwrap()}
              done="Discord account unlinked"
            />
          </>
        ) : (
          <span className="muted">No Discord account linked</span>
        )}
      </div>
      {servers.length > 0 && (
        <ul className="identity-servers" aria-label={`Servers of ${subscriber.username}`}>
          {servers.map((server) => (
            <li key={server.id} data-server-id={server.id}>
              <span className="identity-server-name">{server.name ?? server.id}</span>
              <span className={server.verified ? 'badge badge-success' : 'badge badge-medium'}>
                {server.verified ? 'Verified' : 'Unverified'}
              </span>
              <ReasonAction
                label="Release"
                what={`${server.name ?? server.id} from ${subscriber.username}`}
                busy={releasing}
                onConfirm={(reason) => release({ serverId: server.id, reason }).unwrap()}
                done="Server claim released"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A button that asks for a reason inline, then does it. */
function ReasonAction({
  label,
  what,
  busy,
  onConfirm,
  done,
}: {
  label: string;
  what: string;
  busy: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  done: string;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const inputId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await onConfirm(reason);
      toast.success(done);
      setAsking(false);
      setReason('');
    } catch (failure) {
      toast.error(errorTextOf(failure, `${label} failed`));
    }
  }

  if (!asking)
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`${label} ${what}`}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <form className="reason-form" onSubmit={submit}>
      <label htmlFor={inputId}>Reason</label>
      <input
        id={inputId}
        value={reason}
        maxLength={ADMIN_REASON_MAX}
        // biome-ignore lint/a11y/noAutofocus: the field replaces the button just pressed; focus follows the admin into it
        autoFocus
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button-danger button-small" disabled={busy}>
        {busy ? 'Working...' : label}
      </button>
      <button type="button" className="button button-ghost button-small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </form>
  );
}
