import type { SuspensionView } from '@vip/contracts';
import { errorTexts, SUSPENSION_REASON_MAX, serverTexts, suspensionTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryResult } from '../../components/QueryResult.tsx';
import { formatDate } from '../../lib/dates.ts';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useGetSuspensionsQuery, useLiftSuspensionMutation, useSuspendServerMutation } from './suspensionsApi.ts';

/**
 * Admins suspend a server (abuse, non-payment) with a reason, and lift it. While suspended its
 * key page shows the 403 Restricted screen, keys are refused, and the key bot says so.
 */
export function SuspensionsView() {
  const query = useGetSuspensionsQuery();
  return (
    <div className="subscribers-layout">
      <section aria-labelledby="suspensions-title">
        <div className="section-header">
          <h2 id="suspensions-title">
            Suspended servers {query.data && <span className="count-badge">{query.data.length}</span>}
          </h2>
        </div>
        <QueryResult
          query={query}
          loading="Loading suspended servers..."
          failed={suspensionTexts.failedToLoad}
          empty={suspensionTexts.empty}
        >
          {(suspensions) => (
            <ul className="subscriber-list">
              {suspensions.map((suspension) => (
                <SuspensionRow key={suspension.guildId} suspension={suspension} />
              ))}
            </ul>
          )}
        </QueryResult>
      </section>
      <SuspendServerForm />
    </div>
  );
}

function SuspensionRow({ suspension }: { suspension: SuspensionView }) {
  const [lift, { isLoading }] = useLiftSuspensionMutation();
  const name = suspension.serverName ?? 'Unknown server';
  async function handleLift() {
    try {
      const answer = await lift(suspension.guildId).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorTextOf(failure, suspensionTexts.failedToLift));
    }
  }
  return (
    <li className="card subscriber-row" data-suspended={suspension.guildId}>
      <div className="subscriber-head">
        <strong className="subscriber-name">{name}</strong>
        <span className="badge badge-high">Suspended</span>
      </div>
      <dl className="subscriber-facts">
        <div>
          <dt>Server ID</dt>
          <dd className="mono">{suspension.guildId}</dd>
        </div>
        <div>
          <dt>Since</dt>
          <dd>{formatDate(suspension.suspendedAt)}</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{suspension.reason}</dd>
        </div>
      </dl>
      <div className="subscriber-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={handleLift}
          disabled={isLoading}
          aria-label={`Lift the suspension of ${name}`}
        >
          {isLoading ? 'Lifting...' : 'Lift suspension'}
        </button>
      </div>
    </li>
  );
}

// the server refuses with these shared texts; each blames one field of the form
const fieldOfProblem = fieldsByText({
  guildId: [serverTexts.badServerId, suspensionTexts.alreadySuspended],
  reason: [suspensionTexts.reasonLength, /^Reason may not contain/],
});

function SuspendServerForm() {
  const [guildId, setGuildId] = useState('');
  const [reason, setReason] = useState('');
  const [suspend, { isLoading }] = useSuspendServerMutation();
  const feedback = useFormFeedback('suspend-form', fieldOfProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (!guildId.trim() || !reason.trim()) {
      feedback.refused(errorTexts.fillAllFields, guildId.trim() ? 'reason' : 'guildId');
      return;
    }
    try {
      const answer = await suspend({ guildId: guildId.trim(), reason: reason.trim() }).unwrap();
      feedback.saved(answer.message);
      setGuildId('');
      setReason('');
    } catch (failure) {
      feedback.refused(errorTextOf(failure, suspensionTexts.failedToSuspend));
    }
  }

  return (
    <section className="card" aria-labelledby="suspend-title">
      <h3 id="suspend-title">Suspend a server</h3>
      <p className="field-hint">
        Its key page shows "Access restricted" with Contact support, keys are neither generated nor redeemed, and the
        key bot tells its members. Lifting the suspension restores everything.
      </p>
      <form onSubmit={handleSubmit} noValidate className="subscriber-form">
        <div className="field">
          <label htmlFor="suspend-server">Server ID</label>
          <input
            id="suspend-server"
            inputMode="numeric"
            autoComplete="off"
            value={guildId}
            onChange={(event) => {
              setGuildId(event.target.value);
              feedback.edited('guildId');
            }}
            {...feedback.fieldProps('guildId')}
          />
          {feedback.fieldError('guildId')}
        </div>
        <div className="field">
          <label htmlFor="suspend-reason">Reason</label>
          <textarea
            id="suspend-reason"
            rows={3}
            maxLength={SUSPENSION_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              feedback.edited('reason');
            }}
            {...feedback.fieldProps('reason', 'suspend-reason-hint')}
          />
          <p className="field-hint" id="suspend-reason-hint">
            Seen by admins and the server's owner, never by visitors. {reason.length} of {SUSPENSION_REASON_MAX}{' '}
            characters.
          </p>
          {feedback.fieldError('reason')}
        </div>
        <button type="submit" className="button button-danger" disabled={isLoading}>
          {isLoading ? 'Suspending...' : 'Suspend server'}
        </button>
      </form>
    </section>
  );
}
