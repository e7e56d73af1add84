import Router from '@koa/router';
import {
  type AnswerOf,
  apiCatalogue,
  type BodyOf,
  errorCodes,
  errorTexts,
  type ParamsOf,
  type QueryOf,
  type RouteSpec,
} from '@vip/contracts';
import type { Context, Next } from 'koa';
import type { SignedInUser } from '../auth/authenticator.ts';
import { DomainError, statusOfKind } from '../domain-error.ts';
import type { RateCounter } from '../rate-counter/rate-counter.ts';
import { type AppState, requireAdmin, requireBot, requireUser } from './middleware.ts';
import { type RateLimiter, rateLimiter, refuseTooMany } from './rate-limit.ts';
import { validate, validateForm } from './validate.ts';

/** The caller, as the route's auth guarantees it: signed in for signedIn, owner and admin routes. */
export type CallerOf<Spec extends RouteSpec> = Spec extends { auth: 'signedIn' | 'owner' | 'admin' }
  ? SignedInUser
  : SignedInUser | undefined;

/** What a handler returns when it set the answer on ctx itself (another status, a stream, a refusal of another shape). */
export interface AnsweredOnCtx {
  readonly answeredOnCtx: true;
}
/** The one AnsweredOnCtx: the mount sends nothing of its own after a handler returns it. */
export const answeredOnCtx: AnsweredOnCtx = Object.freeze({ answeredOnCtx: true });

/** What a handler gets: the request's input already checked against its route's spec. */
export interface RouteInput<Spec extends RouteSpec> {
  ctx: Context;
  user: CallerOf<Spec>;
  params: ParamsOf<Spec>;
  query: QueryOf<Spec>;
  body: BodyOf<Spec>;
}

/**
 * Returns the answer's body, of the type the spec's `response` says, sent with its status
 * (nothing for a 204); or `answeredOnCtx` when the handler set a different answer on `ctx`
 * itself (a 404 with an invite link, a 202, a stream). A handler that forgets to answer does
 * not compile.
 */
type Answered<Spec extends RouteSpec> = AnswerOf<Spec> | AnsweredOnCtx;
export type RouteHandler<Spec extends RouteSpec> = (
  input: RouteInput<Spec>,
) => Answered<Spec> | Promise<Answered<Spec>>;

/** One per-client limit of a route. */
export interface RouteRateLimit<Spec extends RouteSpec> {
  perMinute: number;
  keyOf: (input: RouteInput<Spec>) => string;
  /**
   * What is counted instead, in order, when the limit's share of the table is full and
   * `keyOf`'s key has no window (the client then its network for a per-client-and-username
   * limit, the network for a per-client one): a coarser count rather than a refusal of a
   * newcomer. A key with no window left at any of them answers 429.
   */
  coarserKeysOf?: (input: RouteInput<Spec>) => string[];
  /** How many keys coarserKeysOf answers (each has a share of the table of its own). */
  coarserLevels?: number;
  /** Tells a route's second or third limit from its first (they count apart). */
  name?: string;
  now?: () => number;
}

export interface RouteOptions<Spec extends RouteSpec> {
  /** Owner routes: refuses (403) a caller who may not act on these params; runs before the body is read. */
  authorize?: (input: Pick<RouteInput<Spec>, 'ctx' | 'user' | 'params'>) => void | Promise<void>;
  /**
   * Required when the spec says rateLimited: counted after auth and validation, so `keyOf`
   * reads the input as the schema normalized it (the same value the lookup uses); the
   * counter stores only a short digest of what it returns. Several limits are counted in
   * order and the first that refuses ends it: the later ones count nothing (a coarse limit
   * first keeps a refused flood from making windows in the finer ones).
   */
  rateLimit?: RouteRateLimit<Spec> | readonly RouteRateLimit<Spec>[];
  /** A route whose refusals keep another shape than `{ error, code }` (the hash gate's `success: false`). */
  refusal?: (error: DomainError) => unknown;
}

/** The rule of the `owner` auth: an admin acts on any server, anyone else only on a server they hold. */
export const mayActOnServer = (user: Pick<SignedInUser, 'id' | 'isAdmin'>, holderId: string | null): boolean =>
  user.isAdmin || holderId === user.id;

/**
 * The `owner` auth's check, for its routes' `authorize`: mayActOnServer, the holder read as the
 * service reads it (`holderOf`: the server's reservation stream on the write side, the server
 * owners read model on the read side) only when it decides something.
 */
export async function requireServerHolder(
  user: Pick<SignedInUser, 'id' | 'isAdmin'>,
  holderOf: () => Promise<string | null>,
): Promise<void> {
  if (user.isAdmin) return;
  if (!mayActOnServer(user, await holderOf()))
    throw new DomainError('forbidden', errorTexts.notYourServer, errorCodes.notYourServer);
}

export interface MountedRoute {
  spec: RouteSpec;
  run(ctx: Context, next: Next, settings: MountSettings): Promise<void>;
  /** Makes the route's limiters when it is mounted, so that each limit's share is declared before the first request. */
  prepare?(settings: MountSettings): void;
}

export interface MountSettings {
  /** The bots' service token; without one no caller passes a bot route. */
  botApiToken?: string;
  /** Where per-client limits count (shared by the replicas); a counter of this process when unset. */
  rateCounter?: RateCounter;
}

function callerOf(ctx: Context, spec: RouteSpec, settings: MountSettings): SignedInUser | undefined {
  switch (spec.auth) {
    case 'anonymous':
      return (ctx.state as AppState).user;
    case 'signedIn':
    case 'owner':
      return requireUser(ctx);
    case 'admin':
      return requireAdmin(ctx);
    case 'bot':
      requireBot(ctx, settings.botApiToken);
      // one token for both bots: the catalogue says which of them calls this route
      (ctx.state as AppState).bot = spec.bot;
      return undefined;
  }
}

/** The path parameters, or null when a refused one means this route does not match. */
function paramsOf(ctx: Context, spec: RouteSpec): Record<string, unknown> | null {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec.params ?? {})) {
    const raw = (ctx.params as Record<string, string | undefined>)[name];
    if (spec.invalidParams === undefined) {
      params[name] = validate(schema, raw);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) params[name] = parsed.data;
    else if (spec.invalidParams === 'unmatched') return null;
    else throw new DomainError('not_found', parsed.error.issues[0].message, spec.invalidParams.notFound);
  }
  return params;
}

/**
 * One handler for one route of the catalogue (emmett's `on`): the spec says who may call it
 * and what its params, query and body are; this checks all of that, in that order, before
 * the handler runs, and the handler states none of it again.
 */
export function on<Spec extends RouteSpec>(
  spec: Spec,
  handler: NoInfer<RouteHandler<Spec>>,
  options: RouteOptions<Spec> = {},
): MountedRoute {
  if (Boolean(spec.rateLimited) !== Boolean(options.rateLimit))
    throw new Error(`${spec.method} ${spec.path}: the catalogue and the mount disagree about its rate limit`);
  if ((spec.auth === 'owner') !== Boolean(options.authorize))
    throw new Error(`${spec.method} ${spec.path}: an owner route, and only one, says who owns what (authorize)`);
  if ((spec.auth === 'bot') !== (spec.bot !== undefined))
    throw new Error(`${spec.method} ${spec.path}: a bot route, and only one, names the bot that calls it`);
  const limits: readonly RouteRateLimit<Spec>[] =
    options.rateLimit === undefined ? [] : 'perMinute' in options.rateLimit ? [options.rateLimit] : options.rateLimit;
  // made at the mount, when its settings say where to count
  let limiters: RateLimiter[] | undefined;
  const limitersFor = (settings: MountSettings) =>
    (limiters ??= limits.map((limit) =>
      rateLimiter({
        ...limit,
        name: limit.name ? `${spec.method} ${spec.path} ${limit.name}` : `${spec.method} ${spec.path}`,
        coarser: limit.coarserKeysOf ? (limit.coarserLevels ?? 1) : 0,
        counter: settings.rateCounter,
      }),
    ));
  const prepare = (settings: MountSettings) => void limitersFor(settings);

  const answer = async (ctx: Context, next: Next, settings: MountSettings) => {
    const user = callerOf(ctx, spec, settings);
    const params = paramsOf(ctx, spec);
    if (params === null) return next();
    const input = { ctx, user, params, query: undefined, body: undefined } as unknown as RouteInput<Spec>;
    await options.authorize?.(input);
    if (spec.query) input.query = validate(spec.query, ctx.query) as QueryOf<Spec>;
    if (spec.body) input.body = (spec.form ? validateForm : validate)(spec.body, ctx.request.body) as BodyOf<Spec>;
    for (const [i, limiter] of (limits.length > 0 ? limitersFor(settings) : []).entries()) {
      const retryAfter = await limiter.hit(limits[i].keyOf(input), limits[i].coarserKeysOf?.(input));
      if (retryAfter !== null) return refuseTooMany(ctx, retryAfter);
    }
    const body = await handler(input);
    if (body === answeredOnCtx) return;
    if (body !== undefined) {
      ctx.status = spec.response.status;
      ctx.body = body;
    } else if (ctx.body === undefined) ctx.status = spec.response.status;
  };

  const { refusal } = options;
  if (!refusal) return { spec, run: answer, prepare };
  return {
    spec,
    prepare,
    async run(ctx, next, settings) {
      try {
        await answer(ctx, next, settings);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const { retryAfterSeconds } = error as { retryAfterSeconds?: number };
        if (retryAfterSeconds) ctx.set('Retry-After', String(retryAfterSeconds));
        ctx.status = statusOfKind[error.kind];
        ctx.body = refusal(error);
      }
    },
  };
}

/**
 * The router of a service: every route mounted from its spec. A spec that is not in the
 * catalogue cannot be served, so the catalogue lists every route by construction.
 */
export function mountRoutes(routes: readonly MountedRoute[], settings: MountSettings = {}): Router {
  const router = new Router();
  for (const route of routes) {
    const { method, path } = route.spec;
    if (!apiCatalogue.includes(route.spec)) throw new Error(`${method} ${path} is served but not in the API catalogue`);
    route.prepare?.(settings);
    const middleware = (ctx: Context, next: Next) => route.run(ctx, next, settings);
    if (method === 'GET') router.get(path, middleware);
    else if (method === 'POST') router.post(path, middleware);
    else router.delete(path, middleware);
  }
  return router;
}
