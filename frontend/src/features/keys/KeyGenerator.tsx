import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { configDefaults } from '@vip/contracts/plain';
import type { GenerateKeyResponse } from '@vip/contracts';
import { keyTexts, visitorTexts } from '../../app/visitorTexts.ts';
import { hoursText } from '../../app/durations.ts';
import { copyText } from '../../lib/clipboard.ts';
import { failureField, isHttpFailure } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { ClockIcon } from '../../components/icons.tsx';
import { LinkProblem } from './LinkProblems.tsx';
import { SponsorCheckpoint } from './SponsorCheckpoint.tsx';
import { keysApi } from './keysApi.ts';

type Phase =
  | { name: 'idle' }
  | { name: 'generating' }
  | { name: 'done'; result: GenerateKeyResponse }
  | { name: 'failed'; message: string }
  | { name: 'linkSpent'; code: 'used' | 'expired' };

interface KeyGeneratorProps {
  serverId: string;
  /** The one-time link this page was opened through; generating a key spends it. */
  hash?: string;
  sponsorUrl?: string;
  /** KEY_LIFETIME_HOURS of the running product. */
  keyLifetimeHours: number;
}

/**
 * Spec §4 key generation: idle → generating (button disabled, "Generating...") → the key,
 * which replaces the button, or an error. Copy shows the success toast for 3 s.
 */
export function KeyGenerator({ serverId, hash, sponsorUrl, keyLifetimeHours }: KeyGeneratorProps) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keyRef = useRef<HTMLElement>(null);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  async function generate() {
    if (!serverId) {
      setPhase({ name: 'failed', message: keyTexts.noServerForKey });
      return;
    }
    setPhase({ name: 'generating' });
    try {
      const result = await keysApi.generateKey(serverId, hash);
      setPhase({ name: 'done', result });
      setCopied(false);
      // the key replaced the button: move focus there, so keyboard users are not stranded
      requestAnimationFrame(() => keyRef.current?.focus());
    } catch (failure) {
      if (isHttpFailure(failure) && failure.status === 403) {
        navigate('/403');
        return;
      }
      const code = failureField(failure, 'code');
      if (isHttpFailure(failure) && failure.status === 410 && (code === 'used' || code === 'expired')) {
        setPhase({ name: 'linkSpent', code });
        return;
      }
      const message = errorTextOf(failure, visitorTexts.failedToGenerateKey);
      setPhase({ name: 'failed', message });
      toast.error(message);
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
    // a one-time link is spent by the key it gave: a new key needs a fresh link
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
          <button type="button" className="button button-secondary" onClick={generateNew}>
            Generate New Key
          </button>
        </>
      ) : (
        <>
          <p className="muted">Generate a one-time key, then redeem it in the server to get your VIP role.</p>
          {phase.name === 'failed' && (
            <div className="banner banner-error" role="alert">
              {phase.message}
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
