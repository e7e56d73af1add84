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
  /** What a 2xx answer holds: its type, its words (and a schema where one exists), and the status it is sent with. */
  response: RouteAnswer;
  /** Rate-limited per client: the route is mounted with a limit, checked after auth and validation. */
  rateLimited?: boolean;
}

/** Type-only: the key under which a route's answer has its type. Nothing is stored under it at run time. */
declare const answerType: unique symbol;

/**
 * A route's 2xx answer. Its type exists only in the types (`answer<T>(…)` says it), so the
 * handler mounted from the route must return a T and a caller reads a T back, with no other
 * declaration of what the route answers.
 */
export interface RouteAnswer<Answer = unknown> {
  status: number;
  description: string;
  schema?: z.ZodType;
  readonly [answerType]: Answer;
}

/**
 * What a route answers, with the status it is sent with and its words for the OpenAPI
 * document: `response: answer<GenerateKeyResponse>(200, 'The new key')`. `void` for a 204.
 */
export function answer<Answer>(status: number, description: string): RouteAnswer<Answer> {
  return { status, description } as RouteAnswer<Answer>;
}

/** The type of a route's 2xx answer. */
export type AnswerOf<Spec extends Pick<RouteSpec, 'response'>> = Spec['response'][typeof answerType];

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
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** The validated path parameters of a route. */
export type ParamsOf<Spec extends RouteSpec> = Spec extends { params: infer P extends ParamSchemas }
  ? { [Name in keyof P]: z.output<P[Name]> }
  : Record<string, never>;
/** The validated query of a route (undefined when it declares none). */
export type QueryOf<Spec extends RouteSpec> = Spec extends { query: infer Q } ? Output<Q> : undefined;
/** The validated body of a route (undefined when it declares none). */
export type BodyOf<Spec extends RouteSpec> = Spec extends { body: infer B } ? Output<B> : undefined;
/** The body a caller sends to a route, as its schema takes it in (undefined when it declares none). */
export type BodyInOf<Spec extends RouteSpec> = Spec extends { body: infer B } ? Input<B> : undefined;
/** The query a caller sends to a route, as its schema takes it in (undefined when it declares none). */
export type QueryInOf<Spec extends RouteSpec> = Spec extends { query: infer Q } ? Input<Q> : undefined;
