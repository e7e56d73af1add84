import type { ReactNode } from 'react';
import { isHttpFailure } from '../lib/http.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { PageLoading } from './PageLoading.tsx';

/** The part of an RTK Query hook's result that decides what a list or page shows. */
export interface QueryState<T> {
  /** The last answer, possibly for earlier arguments (shown while the new one loads). */
  data?: T;
  /** The answer for the current arguments only. */
  currentData?: T;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface QueryResultProps<T> {
  query: QueryState<T>;
  /** The spinner's words, e.g. "Loading servers...". */
  loading: string;
  /** The spec's failure text, or a function of the failure (for the server's own words). */
  failed: ReactNode | ((error: unknown) => ReactNode);
  /** The spec's empty-state text, shown when `isEmpty` says so. */
  empty?: string;
  /** Whether the answer is empty (default: an empty array). */
  isEmpty?: (data: T) => boolean;
  /** A 404 means "there is none" here (a subscriber without a subscription), not a failure. */
  emptyOnNotFound?: boolean;
  /** The smaller Try again button, for a card beside the main content. */
  small?: boolean;
  /** Wraps the loading, failed and empty states (a list item in a list, for instance). */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * What every list and page shows for its query, in one place: a spinner until the first
 * answer, the failure with Try again when there is no answer for the current arguments (an
 * answer that only failed to refresh stays on screen), the empty state, then the data.
 */
export function QueryResult<T>({
  query,
  loading,
  failed,
  empty,
  isEmpty = emptyArray,
  emptyOnNotFound = false,
  small = false,
  frame = (state) => state,
  children,
}: QueryResultProps<T>) {
  const { data, currentData, isError, error, refetch } = query;
  if (isError && currentData === undefined) {
    if (emptyOnNotFound && empty !== undefined && isHttpFailure(error) && error.status === 404) {
      return frame(<p className="empty-state">{empty}</p>);
    }
    return frame(
      <LoadFailed onRetry={refetch} small={small}>
        {typeof failed === 'function' ? failed(error) : failed}
      </LoadFailed>,
    );
  }
  if (data === undefined) return frame(<PageLoading label={loading} />);
  if (empty !== undefined && isEmpty(data)) return frame(<p className="empty-state">{empty}</p>);
  return children(data);
}
