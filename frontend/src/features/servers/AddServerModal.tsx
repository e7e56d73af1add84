import { type FormEvent, useState } from 'react';
import { panelTexts, serverTexts } from '../../app/texts.ts';
import { Modal } from '../../components/Modal.tsx';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { ManagedServerPicker } from './ManagedServerPicker.tsx';
import { useAddServerMutation } from './serversApi.ts';

const fieldOfProblem = fieldsByText({
  guildId: [
    serverTexts.enterServerId,
    serverTexts.badServerId,
    serverTexts.alreadyInList,
    serverTexts.claimedByAnother,
  ],
});

/**
 * Spec §2/§5: register a server in a free slot. The servers the user's Discord account
 * manages are listed first (decisions.md §9); a typed ID works too, for a server proven
 * with /link.
 */
export function AddServerModal({ onClose }: { onClose: () => void }) {
  const [guildId, setGuildId] = useState('');
  const [addServer, { isLoading }] = useAddServerMutation();
  const feedback = useFormFeedback('add-server-form', fieldOfProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const id = guildId.trim();
    if (!id) {
      feedback.refused(serverTexts.enterServerId);
      return;
    }
    try {
      const answer = await addServer({ guildId: id }).unwrap();
      feedback.saved(answer.message || serverTexts.serverAdded);
      onClose();
    } catch (failure) {
      // the server's words first: 'Maximum limit of 3 servers reached', 'already registered'...
      feedback.refused(errorTextOf(failure, panelTexts.failedToAddServer));
    }
  }

  return (
    <Modal title="Add server" onClose={onClose}>
      <ManagedServerPicker onAdded={onClose} />
      <form onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="add-server-id">Server ID</label>
          <input
            id="add-server-id"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 100000000000000001"
            value={guildId}
            onChange={(event) => {
              setGuildId(event.target.value);
              feedback.edited('guildId');
            }}
            {...feedback.fieldProps('guildId', 'add-server-note')}
          />
          {feedback.fieldError('guildId')}
          <p className="field-hint" id="add-server-note">
            {panelTexts.adminPermissionsNote} In Discord: Server Settings → Widget, or right-click the server with
            Developer Mode on → Copy Server ID.
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            {isLoading ? 'Adding...' : 'Add Server'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
