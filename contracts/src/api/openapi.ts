import { z } from 'zod';
import type { RouteAuth, RouteSpec } from './route-spec.ts';

const securityOf: Record<RouteAuth, Array<Record<string, string[]>> | undefined> = {
  anonymous: undefined,
  signedIn: [{ sessionToken: [] }],
  owner: [{ sessionToken: [] }],
  admin: [{ sessionToken: [] }],
  bot: [{ botServiceToken: [] }],
};

const whoMay: Record<RouteAuth, string> = {
  anonymous: 'Anyone.',
  signedIn: 'Any signed-in user.',
  owner: 'A signed-in subscriber, for their own servers only (admins: any server).',
  admin: 'Admins only.',
  bot: 'The bots, with the service token.',
};

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    return rest;
  } catch {
    return {};
  }
}

/** One optional `in: query` parameter per field of a query object schema. */
function queryParameters(
  query: z.ZodType | undefined,
): Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }> {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema: jsonSchema(schema, 'input'),
  }));
}

/** The OpenAPI 3.1 document of every route in the catalogue, generated from its zod schemas. */
export function buildOpenApi(
  routes: readonly RouteSpec[],
  info: { title: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters = Object.entries(route.params ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: jsonSchema(schema, 'input'),
    }));
    for (const match of route.path.matchAll(/:(\w+)/g)) {
      if (!route.params?.[match[1]])
        parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
    parameters.push(...queryParameters(route.query));
    const responses: Record<string, unknown> = {
      [route.response.status]: {
        description: route.response.description,
        ...(route.response.schema
          ? { content: { 'application/json': { schema: jsonSchema(route.response.schema, 'output') } } }
          : {}),
      },
    };
    if (route.body || parameters.length > 0)
      responses['400'] = { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } };
    if (route.auth !== 'anonymous')
      responses['401'] = {
        description: 'Missing or invalid token',
        content: { 'application/json': { schema: errorSchema } },
      };
    if (route.auth === 'admin' || route.auth === 'owner')
      responses['403'] = { description: 'Not allowed', content: { 'application/json': { schema: errorSchema } } };
    if (route.rateLimited)
      responses['429'] = { description: 'Too many requests', content: { 'application/json': { schema: errorSchema } } };
    // every command: its stream stayed busy, or a read model the answer relies on is behind
    if (route.method !== 'GET')
      responses['503'] = {
        description: 'Busy right now: retry after the Retry-After header’s seconds',
        content: { 'application/json': { schema: errorSchema } },
      };

    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      description: `Who may call it: ${whoMay[route.auth]}`,
      'x-auth': route.auth,
      ...(securityOf[route.auth] ? { security: securityOf[route.auth] } : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token POST /api/auth/login answers',
        },
        botServiceToken: { type: 'http', scheme: 'bearer', description: 'BOT_API_TOKEN, held by the bots' },
      },
    },
  };
}
