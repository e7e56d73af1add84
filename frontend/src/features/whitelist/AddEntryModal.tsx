import type { WhitelistDuration } from '@vip/contracts';
import { errorTexts, isDiscordId, WHITELIST_SERVERS_AT_ONCE } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { whitelistTexts } from '../../app/texts.ts';
import { Modal } from '../../components/Modal.tsx';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useAddWhitelistEntryMutation } from './whitelistApi.ts';

/** decisions.md §10: no end, a number of days, monthly (premium users), and the fixed week and year. */
const durations: { value: WhitelistDuration; label: string }[] = [
  { value: 'lifetime', label: 'None (until removed)' },
  { value: 'days', label: 'A number of days' },
  { value: 'monthly', label: 'Monthly (30 days)' },
  { value: 'weekly', label: 'Weekly (7 days)' },
  { value: 'yearly', label: 'Yearly (365 days)' },
];

type EntryField = 'userId' | 'guildIds' | 'duration' | 'days';
const isDiscordIdText = (text: string) => isDiscordId(text.trim());

const fieldOfText = fieldsByText<EntryField>({
  userId: [],
  guildIds: [whitelistTexts.tooManyServers],
  duration: [whitelistTexts.invalidDuration],
  days: [whitelistTexts.daysRange],
});

/** The server ids an admin typed: one per line, or separated by commas or spaces (spec §3 "one id or a list"). */
export const serverIdsIn = (text: string) => [...new Set(text.split(/[\s,;]+/).filter((id) => id !== ''))];

/** Spec §2/§5: whitelist a user on one server or several, for a duration. */
export function AddEntryModal({ onClose }: { onClose: () => void }) {
  const [userId, setUserId] = useState('');
  const [guildIds, setGuildIds] = useState('');
  const [duration, setDuration] = useState<WhitelistDuration>('monthly');
  const [days, setDays] = useState('30');
  const [addEntry, { isLoading }] = useAddWhitelistEntryMutation();
  const servers = serverIdsIn(guildIds);
  const feedback = useFormFeedback('whitelist-form', fieldOfText);
  // "User ID and Server ID must be…" blames whichever of the two is not an id
  const blamed = (text: string): EntryField | null =>
    text === whitelistTexts.discordIds ? (isDiscordIdText(userId) ? 'guildIds' : 'userId') : fieldOfText(text);
  const blank: EntryField | undefined = !userId.trim()
    ? 'userId'
    : servers.length === 0
      ? 'guildIds'
      : duration === 'days' && !days.trim()
        ? 'days'
        : undefined;
  const edit = (field: EntryField, set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    feedback.edited(field);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (blank) {
      feedback.refused(errorTexts.fillAllFields, blank);
      return;
    }
    try {
      const answer = await addEntry({
        userId: userId.trim(),
        guildId: servers,
        duration,
        ...(duration === 'days' ? { days: Number(days) } : {}),
      }).unwrap();
      feedback.saved(answer.message || whitelistTexts.entryAdded);
      onClose();
    } catch (failure) {
      const text = errorTextOf(failure, whitelistTexts.failedToAdd);
      feedback.refused(text, blamed(text));
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
            onChange={edit('userId', setUserId)}
            {...feedback.fieldProps('userId', 'whitelist-user-hint')}
          />
          <p className="field-hint" id="whitelist-user-hint">
            17–20 digits.
          </p>
          {feedback.fieldError('userId')}
        </div>
        <div className="field">
          <label htmlFor="whitelist-server">Server ID</label>
          <textarea
            id="whitelist-server"
            rows={2}
            autoComplete="off"
            spellCheck={false}
            value={guildIds}
            onChange={edit('guildIds', setGuildIds)}
            {...feedback.fieldProps('guildIds', 'whitelist-server-hint')}
          />
          <p className="field-hint" id="whitelist-server-hint">
            One server, or up to {WHITELIST_SERVERS_AT_ONCE}: one per line or separated by commas
            {servers.length > 1 ? ` (${servers.length} servers)` : ''}.
          </p>
          {feedback.fieldError('guildIds')}
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="whitelist-duration">Duration</label>
            <select
              id="whitelist-duration"
              value={duration}
              onChange={(event) => setDuration(event.target.value as WhitelistDuration)}
            >
              {durations.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {duration === 'days' && (
            <div className="field field-narrow">
              <label htmlFor="whitelist-days">Days</label>
              <input
                id="whitelist-days"
                type="number"
                min={1}
                max={3650}
                step={1}
                value={days}
                onChange={edit('days', setDays)}
                {...feedback.fieldProps('days', 'whitelist-days-hint')}
              />
              <p className="field-hint" id="whitelist-days-hint">
                1–3650
              </p>
              {feedback.fieldError('days')}
            </div>
          )}
        </div>
        <p className="banner banner-warning">
          Please make sure the User ID and Server ID are correct: they are Discord IDs of 17–20 digits. The member gets
          the VIP role in each server for as long as the entry stands, without a key.
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
