import type { GenerateKeyResponse } from '@vip/contracts';
import { configDefaults } from '@vip/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { hoursText } from '../../app/durations.ts';
import { keyTexts, visitorTexts } from '../../app/visitorTexts.ts';
import { ClockIcon } from '../../components/icons.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { failureField, isHttpFailure } from '../../lib/http.ts';
import { keepKey, keptKeyOf, keyPageSlot } from './keptKeys.ts';
import { keysApi } from './keysApi.ts';
import { LinkProblem } from './LinkProblems.tsx';
import { SponsorCheckpoint } from './SponsorCheckpoint.tsx';
import { type VisitorProblem, visitorProblemOf } from './visitorProblems.ts';

type Phase =
  | { name: 'idle' }
  | { name: 'generating' }
  | { name: 'done'; result: GenerateKeyResponse }
  | { name: 'failed'; problem: VisitorProblem }
  | { name: 'linkSpent'; code: 'used' | 'expired' };

interface KeyGeneratorProps {
  serverId: string;
  /** The one-time link this page was opened through; generating a key spends it. */
  hash?: string;
  sponsorUrl?: string;
  /** KEY_LIFETIME_HOURS of the running product. */
  keyLifetimeHours: number;
  /** An admin suspended the server while the page was open: the page shows the Restricted screen instead. */
  onSuspended: (message: string) => void;
}

/**
 * Spec §4 key generation: idle → generating (button disabled, "Generating...") → the key,
 * which replaces the button, or an error. Copy shows the success toast for 3 s.
 */
export function KeyGenerator({ serverId, hash, sponsorUrl, keyLifetimeHours, onSuspended }: KeyGeneratorProps) {
  const navigate = useNavigate();
  const slot = keyPageSlot(serverId, hash);
  // a key this browser generated here earlier (a reload, Back, the same link again) is shown again
  const [phase, setPhase] = useState<Phase>(() => {
    const kept = keptKeyOf(slot, serverId);
    return kept ? { name: 'done', result: kept } : { name: 'idle' };
  });
  const [confirmingNew, setConfirmingNew] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keyRef = useRef<HTMLElement>(null);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  async function generate() {
    if (!serverId) {
      setPhase({ name: 'failed', problem: { kind: 'failed', message: keyTexts.noServerForKey } });
      return;
    }
    setPhase({ name: 'generating' });
    try {
      const result = await keysApi.generateKey(serverId, hash);
      keepKey(slot, serverId, result);
      setPhase({ name: 'done', result });
      setCopied(false);
      // the key replaced the button: move focus there, so keyboard users are not stranded
      requestAnimationFrame(() => keyRef.current?.focus());
    } catch (failure) {
      const code = failureField(failure, 'code');
      if (isHttpFailure(failure) && failure.status === 410 && (code === 'used' || code === 'expired')) {
        setPhase({ name: 'linkSpent', code });
        return;
      }
      const problem = visitorProblemOf(failure, visitorTexts.failedToGenerateKey);
      if (problem.kind === 'suspended') {
        onSuspended(problem.message);
        return;
      }
      // said once, in the card: the banner is announced, a toast would say it a second time
      setPhase({ name: 'failed', problem });
    }
  }

  async function copy(key: string) {
    if (await copyText(key)) {
      toast.success(visitorTexts.copied, { duration: configDefaults.toasts.copySuccessMs, id: 'key-copied' });
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), configDefaults.toasts.copySuccessMs);
    } else {
      toast.error(visitorTexts.copyFailed);
      // let them copy it by hand
      const element = keyRef.current;
      if (element) window.getSelection()?.selectAllChildren(element);
    }
  }

  function generateNew() {
    setConfirmingNew(false);
    // a one-time link is spent by the key it gave: a new key needs a fresh link (Back still shows this one)
    if (hash) navigate(`/gen?serverid=${encodeURIComponent(serverId)}`);
    else void generate();
  }

  if (phase.name === 'linkSpent') return <LinkProblem code={phase.code} serverId={serverId} />;

  return (
    <section className="card key-card" aria-labelledby="key-card-title">
      <h2 id="key-card-title">Your VIP key</h2>
      {phase.name === 'done' ? (
        <>
          <div className="key-box">
            <code className="key-value" ref={keyRef} tabIndex={-1} data-testid="generated-key">
              {phase.result.key}
            </code>
            <button type="button" className="button button-primary" onClick={() => copy(phase.result.key)}>
              {copied ? 'Copied!' : 'Copy'}
            </button>
          </div>
          <p className="key-note">
            <ClockIcon size={18} /> This key expires in {hoursText(keyLifetimeHours)}. Redeem it in Discord before then.
          </p>
          <SponsorCheckpoint sponsorUrl={phase.result.noAds ? undefined : sponsorUrl} />
          {confirmingNew ? (
            <NewKeyQuestion onConfirm={generateNew} onCancel={() => setConfirmingNew(false)} />
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirmingNew(true)}>
              Generate New Key
            </button>
          )}
        </>
      ) : (
        <>
          <p className="muted">Generate a one-time key, then redeem it in the server to get your VIP role.</p>
          {phase.name === 'failed' && (
            <div className="banner banner-error" role="alert">
              {phase.problem.message}
              {phase.problem.kind === 'botMissing' &&
                " The VIP Access bot is not in this server yet: let the server's staff know."}
            </div>
          )}
          <button
            type="button"
            className="button button-primary button-large button-block"
            onClick={generate}
            disabled={phase.name === 'generating'}
          >
            {phase.name === 'generating' ? 'Generating...' : 'Generate Key'}
          </button>
        </>
      )}
    </section>
  );
}

/** A second key replaces the one on screen: asked first, so a key not yet redeemed is not lost by a slip. */
function NewKeyQuestion({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="new-key-question" aria-labelledby="new-key-question" ref={ref} tabIndex={-1}>
      <p id="new-key-question">
        Generate a new key? This one will no longer be on screen: copy it first if you have not redeemed it yet.
      </p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Yes, generate a new key
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Keep this key
        </button>
      </div>
    </section>
  );
}
