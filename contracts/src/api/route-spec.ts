import type { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';
import type { PlainRoute } from '../routes/route.ts';

export type { RouteAuth } from '../routes/route.ts';

export type ParamSchemas = Record<string, z.ZodType>;

/**
 * One call of the API, as data: the services mount their handlers from it (auth, path,
 * params, query and body are stated here only), and the OpenAPI document, the authorization
 * matrix and the malformed-input tests are generated from the catalogue of these. Its plain
 * part (method, path, auth) is declared in routes/, where callers take it from.
 */
export interface RouteSpec<
  Params extends ParamSchemas = ParamSchemas,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> extends PlainRoute {
  summary: string;
  params?: Params;
  /**
   * What a path parameter its schema refuses means. By default a 400 with the schema's text;
   * `notFound`: it names nothing (404 with the schema's text and this code); `unmatched`: the
   * route does not match, the next one may (404 "Not found" when none does).
   */
  invalidParams?: { notFound: ErrorCode } | 'unmatched';
  /** The query string, as an object schema (every parameter a string as it arrives). */
  query?: Query;
  body?: Body;
  /** A form (spec §5): any missing or blank field answers "Please fill in all fields", not the first problem. */
  form?: boolean;
  /** What a 2xx answer holds, in words (and a schema where one exists); `status` is the status it is sent with. */
  response: { status: number; description: string; schema?: z.ZodType };
  /** Rate-limited per client: the route is mounted with a limit, checked after auth and validation. */
  rateLimited?: boolean;
}

/**
 * A route declared with its exact types, so a handler mounted from it gets `params`, `query`
 * and `body` as the schemas output them (for a route outside the catalogue: tests).
 */
export function defineRoute<const Spec extends RouteSpec>(spec: Spec): Spec {
  return spec;
}

/** What a route's declaration says beside its plain part: its summary, schemas and answer. */
export type RouteSchemas = Omit<RouteSpec, keyof PlainRoute>;

/**
 * A feature's routes, each declared once in two halves joined by its name: where it is and
 * who may call it in routes/ (no zod: the browser and the bots import that), what it takes
 * and answers here. Every plain route gets exactly one set of schemas, and no other name
 * does (the types refuse a missing or an extra one), so a handler mounted from the result
 * gets `params`, `query` and `body` as the schemas output them.
 */
export function withSchemas<
  const Paths extends Record<string, PlainRoute>,
  const Schemas extends { [Name in keyof Paths]: RouteSchemas },
>(
  paths: Paths,
  schemas: Schemas & Record<Exclude<keyof Schemas, keyof Paths>, never>,
): { [Name in keyof Paths]: Paths[Name] & Schemas[Name] } {
  const routes: Record<string, RouteSpec> = {};
  for (const [name, route] of Object.entries(paths)) routes[name] = { ...route, ...schemas[name] };
  return routes as { [Name in keyof Paths]: Paths[Name] & Schemas[Name] };
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The validated path parameters of a route. */
export type ParamsOf<Spec extends RouteSpec> = Spec extends { params: infer P extends ParamSchemas }
  ? { [Name in keyof P]: z.output<P[Name]> }
  : Record<string, never>;
/** The validated query of a route (undefined when it declares none). */
export type QueryOf<Spec extends RouteSpec> = Spec extends { query: infer Q } ? Output<Q> : undefined;
/** The validated body of a route (undefined when it declares none). */
export type BodyOf<Spec extends RouteSpec> = Spec extends { body: infer B } ? Output<B> : undefined;
