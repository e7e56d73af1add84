import type { z } from 'zod';

/**
 * Who may call a route:
 * - anonymous: anyone;
 * - signedIn: any signed-in user (subscriber or admin);
 * - owner: a signed-in subscriber acting on their own servers (admins on any);
 * - admin: admins only;
 * - bot: the bots' service token (Authorization: Bearer $BOT_API_TOKEN).
 */
export type RouteAuth = 'anonymous' | 'signedIn' | 'owner' | 'admin' | 'bot';

/**
 * One call of the API, as data: the OpenAPI document, the authorization matrix and the
 * malformed-input tests are all generated from the catalogue of these.
 */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Koa-style path, e.g. /api/server/:id */
  path: string;
  auth: RouteAuth;
  summary: string;
  params?: Record<string, z.ZodType>;
  /** The query string, as an object schema (every parameter a string as it arrives). */
  query?: z.ZodType;
  body?: z.ZodType;
  /** What a 2xx answer holds, in words (and a schema where one exists). */
  response: { status: number; description: string; schema?: z.ZodType };
  /** Rate-limited per client. */
  rateLimited?: boolean;
}
