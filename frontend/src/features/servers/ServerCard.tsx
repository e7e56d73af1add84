import type { ServerInfoResponse } from '@vip/contracts';
import { planTexts, vipRoleFixes, vipRoleTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { panelTexts, serverTexts } from '../../app/texts.ts';
import { ServerIcon } from '../../components/ServerIcon.tsx';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { failureField } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { VerifyPrompt } from '../discord/VerifyPrompt.tsx';
import { SponsorSetting } from '../sponsors/SponsorSetting.tsx';
import { SuspensionNotice } from './SuspensionNotice.tsx';
import { useGetServerQuery, useUpdateServerMutation } from './serversApi.ts';

/**
 * Spec §2/§4 server card: viewing or editing (Change Server ID); an unverified claim asks to
 * be verified; a read-only server (its plan ended, beyond the free tier) offers no change.
 */
export function ServerCard({
  serverId,
  unverified = false,
  readOnly = false,
}: {
  serverId: string;
  unverified?: boolean;
  readOnly?: boolean;
}) {
  const { data: server, error, isLoading } = useGetServerQuery(serverId);
  const [editing, setEditing] = useState(false);

  const missing = server?.missingPermissions ?? [];
  return (
    <li className="card server-card" data-server-id={serverId} data-verified={!unverified}>
      <ServerSummary serverId={serverId} server={server} error={error} isLoading={isLoading} />
      {server?.suspension && <SuspensionNotice suspension={server.suspension} />}
      {unverified && <VerifyPrompt serverId={serverId} botInServer={Boolean(server)} />}
      {missing.length > 0 && (
        <p className="banner banner-warning">The bot is missing permissions here: {missing.join(', ')}.</p>
      )}
      {server?.roleProblem && (
        <p className="banner banner-warning" data-role-problem={server.roleProblem.problem}>
          {vipRoleTexts.cardProblem(
            server.roleProblem.action,
            vipRoleFixes[server.roleProblem.problem]('the VIP role'),
          )}
        </p>
      )}
      {readOnly && <p className="banner banner-warning">{planTexts.serverReadOnly}.</p>}
      {server && !readOnly && <SponsorSetting serverId={serverId} />}
      {editing && !readOnly ? (
        <ChangeServerId oldId={serverId} onDone={() => setEditing(false)} />
      ) : (
        <div className="server-card-actions">
          {!readOnly && (
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
              Change Server ID
            </button>
          )}
          {server && (
            <Link className="button button-ghost button-small" to={`/key/${server.id}`}>
              Key page
            </Link>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The server as Discord knows it; or why it cannot be shown: the bot is not in it (with the
 * invite), or the server could not be reached. A card in a grid, so no page-wide banner here.
 */
function ServerSummary({
  serverId,
  server,
  error,
  isLoading,
}: {
  serverId: string;
  server: ServerInfoResponse | undefined;
  error: unknown;
  isLoading: boolean;
}) {
  if (isLoading) {
    return (
      <div className="server-card-main">
        <span className="spinner" aria-hidden="true" />
        <span className="muted">Loading server...</span>
      </div>
    );
  }
  if (server) {
    return (
      <div className="server-card-main">
        <ServerIcon id={server.id} name={server.name} icon={server.icon} size={48} />
        <div className="server-card-text">
          <h3>{server.name}</h3>
          <span className="muted">{server.memberCount.toLocaleString('en-US')} members</span>
          <span className="muted server-id">ID: {server.id}</span>
        </div>
      </div>
    );
  }
  const inviteUrl = failureField(error, 'inviteUrl');
  if (inviteUrl !== undefined) {
    return (
      <div className="server-card-problem" role="alert">
        <h3>{serverTexts.botNotInServer}</h3>
        <span className="muted server-id">ID: {serverId}</span>
        <a className="button button-primary button-small" href={inviteUrl} target="_blank" rel="noopener noreferrer">
          Invite Bot
        </a>
      </div>
    );
  }
  return (
    <div className="server-card-problem" role="alert">
      <h3>{panelTexts.errorLoadingServer}</h3>
      <span className="state-message">{errorTextOf(error, 'The server could not be reached')}</span>
      <span className="muted server-id">ID: {serverId}</span>
    </div>
  );
}

// the server refuses with these shared texts; each is about the id typed
const fieldOfServerIdProblem = fieldsByText({
  newId: [serverTexts.enterServerId, serverTexts.badServerId, serverTexts.alreadyInList, serverTexts.claimedByAnother],
});

function ChangeServerId({ oldId, onDone }: { oldId: string; onDone: () => void }) {
  const [newId, setNewId] = useState('');
  const [updateServer, { isLoading }] = useUpdateServerMutation();
  const inputId = `new-server-id-${oldId}`;
  const feedback = useFormFeedback(`change-server-${oldId}`, fieldOfServerIdProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (!newId.trim()) {
      feedback.refused(serverTexts.enterServerId);
      return;
    }
    try {
      const answer = await updateServer({ oldId, newId: newId.trim() }).unwrap();
      feedback.saved(answer.message || serverTexts.serverUpdated);
      onDone();
    } catch (failure) {
      feedback.refused(errorTextOf(failure, panelTexts.failedToUpdateServer));
    }
  }

  return (
    <form
      className="inline-editor"
      onSubmit={handleSubmit}
      noValidate
      onKeyDown={(event) => event.key === 'Escape' && onDone()}
    >
      <label htmlFor={inputId}>New server ID</label>
      <div className="inline-editor-row">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the form replaces the Change Server ID button the user just pressed; without this their focus would be lost to the page
          autoFocus
          value={newId}
          onChange={(event) => {
            setNewId(event.target.value);
            feedback.edited('newId');
          }}
          {...feedback.fieldProps('newId')}
        />
        <button type="submit" className="button button-primary button-small" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update'}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          Cancel
        </button>
      </div>
      {feedback.fieldError('newId')}
    </form>
  );
}
