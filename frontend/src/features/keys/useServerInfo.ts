import type { ServerInfoResponse } from '@vip/contracts';
import { startTransition, useEffect, useState } from 'react';
import { visitorTexts } from '../../app/visitorTexts.ts';
import { failureField, isHttpFailure } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';
import { keysApi } from './keysApi.ts';
import { visitorProblemOf } from './visitorProblems.ts';

export type ServerInfoState =
  | { status: 'loading' }
  | { status: 'loaded'; server: ServerInfoResponse }
  | { status: 'botMissing'; inviteUrl: string; message: string }
  | { status: 'failed'; message: string }
  /** An admin suspended the server: the 403 Restricted screen (spec §2). */
  | { status: 'restricted'; message: string };

/** Spec §4 "Server load": loading, then loaded or failed; a 404 says how to invite the bot. */
export function useServerInfo(serverId: string, attempt = 0): ServerInfoState {
  const [state, setState] = useState<ServerInfoState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Try Again counter: a new value asks again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    keysApi.getServer(serverId, controller.signal).then(
      // the whole key page renders from this answer: in slices, not one long task (main.tsx says why)
      (server) => startTransition(() => setState({ status: 'loaded', server })),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const inviteUrl = failureField(failure, 'inviteUrl');
        if (isHttpFailure(failure) && failure.status === 403 && failureField(failure, 'code') === 'server_suspended') {
          setState({ status: 'restricted', message: errorTextOf(failure, visitorTexts.failedToLoadServer) });
        } else if (isHttpFailure(failure) && failure.status === 404 && inviteUrl !== undefined) {
          setState({ status: 'botMissing', inviteUrl, message: errorTextOf(failure, visitorTexts.failedToLoadServer) });
        } else {
          setState({ status: 'failed', message: visitorProblemOf(failure, visitorTexts.failedToLoadServer).message });
        }
      },
    );
    return () => controller.abort();
  }, [serverId, attempt]);
  return state;
}
