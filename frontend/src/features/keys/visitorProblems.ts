import type { errorCodes } from '@vip/contracts/plain';
import { failureField, isHttpFailure } from '../../lib/http.ts';
import { errorTextOf } from '../api/errorText.ts';

/**
 * What went wrong for a visitor of the key pages, said once, with what they can do about it.
 * The headline is the server's (or the spec's) text; `kind` picks the advice and whether trying
 * again can help at all: a link that does not exist stays so however often the page reloads.
 */
export type VisitorProblemKind =
  /** The link was never given out, or was cut short when copied. */
  | 'unknownLink'
  /** The key bot is not in the server: no keys until its staff invite it. */
  | 'botMissing'
  /** An admin suspended the server. */
  | 'suspended'
  /** Too many requests from here: try again after `retryAfterSeconds`. */
  | 'tooMany'
  /** The network or the product failed: trying again may help. */
  | 'failed';

export interface VisitorProblem {
  kind: VisitorProblemKind;
  message: string;
  retryAfterSeconds?: number;
}

/*
 * The two codes by value: importing errorCodes would bring its whole table (~0.9 KB gzipped)
 * into the key page's budget; the types keep them the catalogue's.
 */
const botNotInServer: (typeof errorCodes)['botNotInServer'] = 'bot_not_in_server';
const serverSuspended: (typeof errorCodes)['serverSuspended'] = 'server_suspended';

/** A refused or failed call of the key pages as a problem to show. */
export function visitorProblemOf(failure: unknown, fallback: string): VisitorProblem {
  const code = failureField(failure, 'code');
  const message = errorTextOf(failure, fallback);
  if (isHttpFailure(failure) && failure.status === 429)
    return { kind: 'tooMany', message, retryAfterSeconds: failure.retryAfterSeconds };
  if (code === botNotInServer) return { kind: 'botMissing', message };
  if (code === serverSuspended) return { kind: 'suspended', message };
  if (isHttpFailure(failure) && failure.status === 404) return { kind: 'unknownLink', message };
  return { kind: 'failed', message };
}
