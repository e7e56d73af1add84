import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { WhitelistEntryView } from '@vip/contracts';
import { errorTexts } from '@vip/contracts/error-texts.ts';
import { whitelistTexts } from '../../app/texts.ts';
import { Modal } from '../../components/Modal.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useAddWhitelistEntryMutation } from './whitelistApi.ts';

type Duration = WhitelistEntryView['duration'];
const durations: { value: Duration; label: string }[] = [
  { value: 'weekly', label: 'Weekly (7 days)' },
  { value: 'monthly', label: 'Monthly (30 days)' },
  { value: 'yearly', label: 'Yearly (365 days)' },
  { value: 'lifetime', label: 'Lifetime' },
];

/** Spec §2/§5: whitelist a user on a server. */
export function AddEntryModal({ onClose }: { onClose: () => void }) {
  const [userId, setUserId] = useState('');
  const [guildId, setGuildId] = useState('');
  const [duration, setDuration] = useState<Duration>('monthly');
  const [addEntry, { isLoading }] = useAddWhitelistEntryMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (!userId.trim() || !guildId.trim()) {
      toast.error(errorTexts.fillAllFields);
      return;
    }
    try {
      const answer = await addEntry({ userId: userId.trim(), guildId: guildId.trim(), duration }).unwrap();
      toast.success(answer.message || whitelistTexts.entryAdded);
      onClose();
    } catch (failure) {
      toast.error(errorTextOf(failure, whitelistTexts.failedToAdd));
    }
  }

  return (
    <Modal title="Add whitelist entry" onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="whitelist-user">User ID</label>
          <input
            id="whitelist-user"
            inputMode="numeric"
            autoComplete="off"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="whitelist-server">Server ID</label>
          <input
            id="whitelist-server"
            inputMode="numeric"
            autoComplete="off"
            value={guildId}
            onChange={(event) => setGuildId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="whitelist-duration">Duration</label>
          <select
            id="whitelist-duration"
            value={duration}
            onChange={(event) => setDuration(event.target.value as Duration)}
          >
            {durations.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <p className="banner banner-warning">
          Please make sure the User ID and Server ID are correct: they are Discord IDs of 17–20 digits.
        </p>
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            {isLoading ? 'Adding...' : 'Add Entry'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
