import {
  type CallAnswerOf,
  type CallBodyOf,
  type CallQueryOf,
  type PathParamNames,
  type PathParams,
  type PlainRoute,
  pathOf,
} from '@vip/contracts/plain';

/**
 * The one way the frontend addresses the API: a route of the catalogue (contracts' routes/),
 * its path parameters, query and body, each of the type the route's declaration says (and its
 * answer too: see requestJson and routeEndpoint). No page writes a path, a method or the type
 * of an answer; the RTK Query endpoints (routeEndpoint) and the plain fetch below (requestJson,
 * fetchRoute) both build their requests here.
 */
export type CallOf<Route extends PlainRoute> = ([PathParamNames<Route['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<Route> }) &
  (CallQueryOf<Route> extends undefined
    ? { query?: undefined }
    : {
        /** The query string's parameters (those the route takes); undefined and empty ones are left out. */
        query?: { [Name in keyof CallQueryOf<Route>]?: string | number };
      }) &
  (CallBodyOf<Route> extends undefined
    ? { body?: undefined }
    : {
        /** Sent as JSON. */
        body: CallBodyOf<Route>;
      });

/** The call's input: required when the path has parameters or the route takes a body. */
export type CallArg<Route extends PlainRoute> = [PathParamNames<Route['path']>] extends [never]
  ? CallBodyOf<Route> extends undefined
    ? [call?: CallOf<Route>]
    : [call: CallOf<Route>]
  : [call: CallOf<Route>];

interface AnyCall {
  params?: object;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

function queryStringOf(query: AnyCall['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A request as RTK Query's fetchBaseQuery takes it. */
interface FetchArgs {
  url: string;
  method: PlainRoute['method'];
  body?: unknown;
}

function requestOf<Route extends PlainRoute>(route: Route, call: AnyCall | undefined): FetchArgs {
  const fill = pathOf as (route: PlainRoute, params?: object) => string;
  const url = fill(route, call?.params) + queryStringOf(call?.query);
  return call?.body === undefined ? { url, method: route.method } : { url, method: route.method, body: call.body };
}

/**
 * An RTK Query endpoint of a route, spread into `build.query({ ... })` or `build.mutation`:
 * `query` makes the request from the endpoint's argument (`callOf`), and `transformResponse`
 * gives the answer the route's type (or the part of it `select` picks), so that RTK Query infers
 * the endpoint's result from the route and no endpoint names its answer's type.
 */
export function routeEndpoint<Route extends PlainRoute, Arg = void, Result = CallAnswerOf<Route>>(
  route: Route,
  callOf?: (arg: Arg) => CallOf<Route>,
  select?: (answer: CallAnswerOf<Route>) => Result,
): {
  // NoInfer: inside build.query({ ... }) the types come from the route, not from what RTK Query expects
  query: (arg: NoInfer<Arg>) => FetchArgs;
  transformResponse: (answer: unknown) => NoInfer<Result>;
} {
  return {
    query: (arg) => requestOf(route, callOf?.(arg)),
    transformResponse: (answer: unknown): Result => (select ? select(answer as CallAnswerOf<Route>) : answer) as Result,
  };
}

/**
 * Plain fetch for what the RTK Query apiSlice does not carry. The visitor pages (key page,
 * hash gate, landing) call the API through this and not through the apiSlice: Redux + RTK
 * Query weigh ~28 KB gzipped, and the key page has a 100 KB budget that react-dom alone takes
 * two thirds of. The audit export (a file, not state to cache) uses it too; the site settings
 * read their one path with fetch itself (app/siteConfig.ts says why). A failure has the same
 * `{ status, data }` shape as RTK Query's, so errorTextOf() words both alike.
 */
export interface HttpFailure {
  status: number | 'FETCH_ERROR';
  data: unknown;
  /** The answer's Retry-After in seconds (429, 503): how long the visitor is asked to wait. */
  retryAfterSeconds?: number;
}

type FetchOptions = { signal?: AbortSignal; token?: string | null };

/** The answer of a route, whatever its status; a network failure throws an HttpFailure. */
export async function fetchRoute<Route extends PlainRoute>(
  route: Route,
  call: CallArg<Route>[0],
  { signal, token }: FetchOptions = {},
): Promise<Response> {
  const request = requestOf(route, call);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw { status: 'FETCH_ERROR', data: null } satisfies HttpFailure;
  }
}

/** The JSON answer of a route, of the type its declaration says; a refusal throws an HttpFailure with the answer's body. */
export async function requestJson<Route extends PlainRoute>(
  route: Route,
  call: CallArg<Route>[0],
  options?: FetchOptions,
): Promise<CallAnswerOf<Route>> {
  const response = await fetchRoute(route, call, options);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const failure: HttpFailure = { status: response.status, data };
    const retryAfter = retryAfterSecondsOf(response.headers.get('Retry-After'));
    if (retryAfter !== undefined) failure.retryAfterSeconds = retryAfter;
    throw failure;
  }
  return data as CallAnswerOf<Route>;
}

/** Retry-After as seconds: a number of seconds, or an HTTP date. */
export function retryAfterSecondsOf(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
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
