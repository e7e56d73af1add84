import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

type FetchQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** How many times a read answered 503 is asked again before its 503 is shown. */
export const BUSY_RETRIES = 10;
/** The longest wait between two tries, whatever Retry-After says. */
const LONGEST_WAIT_SECONDS = 30;

const waitFor = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const isRead = (args: string | FetchArgs) => typeof args === 'string' || (args.method ?? 'GET') === 'GET';

/** Retry-After in seconds (1 when absent or not a number of seconds), at most LONGEST_WAIT_SECONDS. */
function retryAfterOf(meta: unknown): number {
  const header = (meta as { response?: Response } | undefined)?.response?.headers.get('Retry-After');
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, LONGEST_WAIT_SECONDS) : 1;
}

/**
 * A read answered 503 is "not now" (the services are catching up with the log, a session just
 * signed in is not projected yet): it is asked again after Retry-After, up to BUSY_RETRIES
 * times, and the page shows it loading meanwhile, never signed out. Writes are not repeated:
 * a refused write may have been recorded, and its form says so to the person instead.
 */
export function retryWhenBusy(baseQuery: FetchQuery, wait = waitFor): FetchQuery {
  return async (args, api, extra) => {
    let result = await baseQuery(args, api, extra);
    for (let tries = 0; tries < BUSY_RETRIES && result.error?.status === 503 && isRead(args); tries++) {
      await wait(retryAfterOf(result.meta), api.signal);
      if (api.signal.aborted) break;
      result = await baseQuery(args, api, extra);
    }
    return result;
  };
}
