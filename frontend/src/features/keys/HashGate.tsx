import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keyTexts, visitorTexts } from '../../app/visitorTexts.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { failureField, isHttpFailure } from '../../lib/http.ts';
import { KeyPage } from './KeyPage.tsx';
import { keptKeyOf, keyPageSlot } from './keptKeys.ts';
import { keysApi } from './keysApi.ts';
import { AccessError, LinkProblem } from './LinkProblems.tsx';
import { type VisitorProblem, visitorProblemOf } from './visitorProblems.ts';
import './keys.css';

/**
 * /gen (spec §2 hash gate): ?serverid= makes a one-time link and replaces the location with
 * it; ?serverhash= validates the link and shows the key page; neither is the not-found screen.
 */
export default function HashGate() {
  const [params] = useSearchParams();
  const serverId = params.get('serverid')?.trim();
  const hash = params.get('serverhash')?.trim();
  if (serverId) return <LinkMaker key={serverId} serverId={serverId} />;
  if (hash) return <HashedKeyPage key={hash} hash={hash} />;
  return <NotFound reason={keyTexts.missingServerOrHash} />;
}

function GateFrame({ children }: { children: ReactNode }) {
  return (
    <SiteLayout>
      <div className="gate">{children}</div>
    </SiteLayout>
  );
}

function GateProgress({ title, detail }: { title: string; detail?: string }) {
  return (
    <section className="card state-card" role="status" aria-live="polite">
      <span className="spinner spinner-large" aria-hidden="true" />
      <h1>{title}</h1>
      {detail && <p className="muted">{detail}</p>}
    </section>
  );
}

function LinkMaker({ serverId }: { serverId: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<VisitorProblem | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    keysApi.generateHash(serverId, controller.signal).then(
      (answer) => {
        // spec §5: it fails when the answer is not ok or success is false
        if (answer.success && answer.hash)
          navigate(`/gen?serverhash=${encodeURIComponent(answer.hash)}`, { replace: true });
        else setError({ kind: 'failed', message: answer.error || answer.message || visitorTexts.failedToGenerateLink });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(visitorProblemOf(failure, visitorTexts.failedToGenerateLink));
      },
    );
    return () => controller.abort();
  }, [serverId, navigate]);

  return (
    <GateFrame>
      {error ? (
        <AccessError problem={error} />
      ) : (
        <GateProgress title={visitorTexts.generatingLink} detail={visitorTexts.creatingLink} />
      )}
    </GateFrame>
  );
}

type Validation =
  | { state: 'checking' }
  | { state: 'valid'; serverId: string }
  | { state: 'spent'; code: 'used' | 'expired'; serverId: string }
  | { state: 'error'; problem: VisitorProblem };

function HashedKeyPage({ hash }: { hash: string }) {
  const [validation, setValidation] = useState<Validation>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    keysApi.validateHash(hash, controller.signal).then(
      (answer) => {
        const { serverId } = answer;
        // the key page mounts from this answer: rendered in slices (main.tsx says why)
        if (answer.success && serverId) startTransition(() => setValidation({ state: 'valid', serverId }));
        else
          setValidation({
            state: 'error',
            problem: { kind: 'unknownLink', message: answer.error || answer.message || keyTexts.invalidHash },
          });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const code = failureField(failure, 'code');
        const serverId = failureField(failure, 'serverId');
        if (isHttpFailure(failure) && (code === 'used' || code === 'expired') && serverId) {
          // spent by a key this browser generated: the page shows that key again for its lifetime
          if (keptKeyOf(keyPageSlot(serverId, hash), serverId))
            startTransition(() => setValidation({ state: 'valid', serverId }));
          else setValidation({ state: 'spent', code, serverId });
        } else {
          const fallback = isHttpFailure(failure) && failure.status === 404 ? keyTexts.invalidHash : undefined;
          setValidation({
            state: 'error',
            problem: visitorProblemOf(failure, fallback ?? visitorTexts.failedToValidateHash),
          });
        }
      },
    );
    return () => controller.abort();
  }, [hash]);

  switch (validation.state) {
    case 'checking':
      return (
        <GateFrame>
          <GateProgress title={visitorTexts.validatingAccess} />
        </GateFrame>
      );
    case 'valid':
      return <KeyPage serverId={validation.serverId} hash={hash} />;
    case 'spent':
      return (
        <GateFrame>
          <LinkProblem code={validation.code} serverId={validation.serverId} />
        </GateFrame>
      );
    case 'error':
      return (
        <GateFrame>
          <AccessError problem={validation.problem} />
        </GateFrame>
      );
  }
}
