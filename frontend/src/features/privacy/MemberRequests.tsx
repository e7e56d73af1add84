import { type CallAnswerOf, isDiscordId, privacyPaths, privacyTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { ConfirmButtons } from '../../components/ConfirmButtons.tsx';
import { fetchRoute } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { downloadJson } from './downloadJson.ts';

type Outcome = { kind: 'done' | 'failed'; text: string };
/** What an erasure answers, as its route says. */
type Erased = CallAnswerOf<typeof privacyPaths.eraseMember>;

/**
 * The admin's person view for a Discord member who asked about their data (Admin → Privacy):
 * their copy to hand over, and their erasure. Both are one-off calls answered with a file or a
 * sentence, not state to cache, so they go through lib/http.ts as the panel user's own buttons do.
 * The server checks the id and words every outcome; the form only saves a round trip.
 */
export function MemberRequests() {
  const token = useAppSelector((state) => state.auth.token);
  const [memberId, setMemberId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const discordUserId = memberId.trim();

  /** The call's answer as JSON, or its failure worded; null when the network failed. */
  async function call(route: typeof privacyPaths.exportMember | typeof privacyPaths.eraseMember, fallback: string) {
    setBusy(true);
    setOutcome(null);
    try {
      const response = await fetchRoute(route, { params: { discordUserId } }, { token });
      const data: unknown = await response.json().catch(() => undefined);
      if (response.ok) return data;
      setOutcome({ kind: 'failed', text: errorTextOf({ data }, fallback) });
    } catch {
      setOutcome({ kind: 'failed', text: fallback });
    } finally {
      setBusy(false);
    }
    return null;
  }

  function checked(event: FormEvent) {
    event.preventDefault();
    if (isDiscordId(discordUserId)) return true;
    setOutcome({ kind: 'failed', text: privacyTexts.badMemberId });
    return false;
  }

  async function download(event: FormEvent) {
    if (!checked(event)) return;
    const copy = await call(privacyPaths.exportMember, 'The copy could not be made');
    if (copy === null) return;
    downloadJson(copy, `member-${discordUserId}.json`);
    setOutcome({ kind: 'done', text: `The copy of member ${discordUserId}'s data is downloaded.` });
  }

  async function erase() {
    const answer = (await call(privacyPaths.eraseMember, 'The member was not erased')) as Erased | null;
    setConfirming(false);
    if (answer?.message) setOutcome({ kind: 'done', text: answer.message });
  }

  return (
    <section className="card" aria-labelledby="member-requests-title">
      <h2 id="member-requests-title">A Discord member's data</h2>
      <p className="field-hint">
        When a Discord member asks for a copy of their data or for its erasure, name them by their Discord user id.
      </p>
      <form className="extend-form" onSubmit={download}>
        <label htmlFor="privacy-member-id">Discord user ID</label>
        <input
          id="privacy-member-id"
          inputMode="numeric"
          autoComplete="off"
          value={memberId}
          onChange={(event) => {
            setMemberId(event.target.value);
            setConfirming(false);
          }}
        />
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          Download their data
        </button>
        {!confirming && (
          <button
            type="button"
            className="button button-danger button-small"
            disabled={busy}
            onClick={(event) => {
              if (checked(event)) setConfirming(true);
            }}
          >
            Erase this member…
          </button>
        )}
      </form>
      {confirming && (
        <fieldset className="reset-confirm" aria-label="Confirm the member’s erasure">
          <p className="muted">
            Member {discordUserId} is erased for good: their VIP windows and whitelist entries end now, the key bot
            takes their VIP roles back, and their key is destroyed, so the log keeps only ciphertext about them.
          </p>
          <ConfirmButtons
            label="Erase for good"
            busyLabel="Erasing..."
            busy={busy}
            onConfirm={erase}
            onKeep={() => setConfirming(false)}
          />
        </fieldset>
      )}
      {outcome && (
        <p
          className={outcome.kind === 'failed' ? 'field-error' : 'muted'}
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      )}
    </section>
  );
}
