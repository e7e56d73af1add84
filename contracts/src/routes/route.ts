import type { CataloguedSpec } from '../api/catalogue.ts';
import type { AnswerOf, BodyInOf, QueryInOf } from '../api/route-spec.ts';

/**
 * Who may call a route:
 * - anonymous: anyone;
 * - signedIn: any signed-in user (subscriber or admin);
 * - owner: a signed-in subscriber acting on their own servers (admins on any);
 * - admin: admins only;
 * - bot: the bots' service token (Authorization: Bearer $BOT_API_TOKEN).
 */
export type RouteAuth = 'anonymous' | 'signedIn' | 'owner' | 'admin' | 'bot';

/** The bots that call the product (they share one service token). */
export type BotName = 'key-bot' | 'poster-bot';

/**
 * The plain part of a route's one declaration: where it is and who may call it. It imports no
 * zod, so the browser and the bots take paths from here without the schemas; the schemas,
 * summary and answer of the same route are joined to it by name in `api/` (`withSchemas`).
 * A feature's routes are an object literal `as const satisfies Record<string, PlainRoute>`:
 * the literal paths stay (pathOf types the parameters from them) and no call is left for a
 * bundle to keep.
 */
export interface PlainRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Koa-style path, e.g. /api/server/:id */
  path: string;
  auth: RouteAuth;
  /**
   * A bot route's caller: the bots share one service token, so the route says which of them
   * calls it, and that bot is the actor of the events it causes. Required with `auth: 'bot'`
   * (the mount refuses a bot route without it), never set otherwise.
   */
  bot?: BotName;
}

/** The names of a path's parameters: '/api/server/:id/channels' → 'id'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a route's path parameters are filled with. */
export type PathParams<Route extends PlainRoute> = { [Name in PathParamNames<Route['path']>]: string | number };

/** pathOf's arguments after the route: the parameters when the path has some, nothing otherwise. */
export type PathParamsArg<Route extends PlainRoute> = [PathParamNames<Route['path']>] extends [never]
  ? []
  : [params: PathParams<Route>];

/**
 * The path to call a route at, each parameter encoded: `pathOf(serversPaths.serverChannels,
 * { id })` → `/api/server/123/channels`. Callers never write a path, so a path changed here
 * reaches the browser and the bots with no other edit.
 */
export function pathOf<Route extends PlainRoute>(route: Route, ...[params]: PathParamsArg<Route>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A plain route's whole declaration (schemas and answer), found in the catalogue by its method
 * and path: the types a caller sends and reads come from there, erased at build, so the
 * browser and the bots get them without the schemas.
 */
type SpecOf<Route extends PlainRoute> = Extract<CataloguedSpec, { method: Route['method']; path: Route['path'] }>;

/** What a route answers (2xx), as its declaration in the catalogue says. */
export type CallAnswerOf<Route extends PlainRoute> = AnswerOf<SpecOf<Route>>;
/** The body a call of a route sends (undefined when the route takes none). */
export type CallBodyOf<Route extends PlainRoute> = BodyInOf<SpecOf<Route>>;
/** The query a call of a route sends (undefined when the route takes none). */
export type CallQueryOf<Route extends PlainRoute> = QueryInOf<SpecOf<Route>>;
