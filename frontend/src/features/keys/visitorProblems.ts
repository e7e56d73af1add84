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

/** Seconds as a wait a person reads: "42 seconds", "2 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
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
  if (isHttpFailure(failure) && failure.status === 429) {
    const seconds = failure.retryAfterSeconds;
    return {
      kind: 'tooMany',
      // the product's text says "later"; with Retry-After the visitor learns how much later
      message: seconds
        ? `Too many requests: please wait ${waitText(seconds)}, then try again.`
        : errorTextOf(failure, fallback),
      retryAfterSeconds: seconds,
    };
  }
  const message = errorTextOf(failure, fallback);
  if (code === botNotInServer) return { kind: 'botMissing', message };
  if (code === serverSuspended) return { kind: 'suspended', message };
  if (isHttpFailure(failure) && failure.status === 404) return { kind: 'unknownLink', message };
  return { kind: 'failed', message };
}
