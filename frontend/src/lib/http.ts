/**
 * The visitor pages' few anonymous calls (key page, hash gate). They deliberately do not go
 * through the RTK Query apiSlice: Redux + RTK Query weigh ~26 KB gzipped, and the key page
 * has a 100 KB budget that react-dom alone takes two thirds of. A failure has the same
 * `{ status, data }` shape as RTK Query's, so errorTextOf() words both alike.
 */
export interface HttpFailure {
  status: number | 'FETCH_ERROR';
  data: unknown;
}

export async function requestJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw { status: 'FETCH_ERROR', data: null } satisfies HttpFailure;
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw { status: response.status, data } satisfies HttpFailure;
  return data as T;
}

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'object' && value !== null && 'status' in value && 'data' in value;
}

/** A field of a failure's JSON body (`code`, `serverId`, `inviteUrl`...), if it is a string. */
export function failureField(failure: unknown, field: string): string | undefined {
  if (!isHttpFailure(failure) || typeof failure.data !== 'object' || failure.data === null) return undefined;
  const value = (failure.data as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}
