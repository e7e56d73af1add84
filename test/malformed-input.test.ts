import { apiCatalogue, type RouteSpec } from '@vip/contracts';
import { expect } from 'chai';
import fc from 'fast-check';
import { hostileTexts, inputFields } from '../contracts/test/input-fields.ts';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails, login } from './support/http.ts';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 120);
const commandRoutes = apiCatalogue.filter((route) => route.method !== 'GET' && route.path !== '/api/auth/logout');

/**
 * Bodies with hostile text (control characters, bidi overrides, invisible runs, broken
 * characters) in each of the route's own fields, the others filled with what the property
 * generates: none may be accepted (issue #13 item 8).
 */
const hostileBody = (route: RouteSpec) => {
  // each field with the hostile texts its schema refuses (a password takes any of them: not here)
  const refusedBy = new Map<string, string[]>();
  for (const field of inputFields(route)) {
    const refused = Object.values(hostileTexts).filter((text) => !field.schema.safeParse(text).success);
    if (refused.length > 0) refusedBy.set(field.name, [...(refusedBy.get(field.name) ?? []), ...refused]);
  }
  if (refusedBy.size === 0) return fc.jsonValue();
  const names = [...refusedBy.keys()];
  return fc
    .constantFrom(...names)
    .chain((field) =>
      fc.record({
        field: fc.constant(field),
        text: fc.constantFrom(...refusedBy.get(field)!),
        others: fc.dictionary(
          fc.constantFrom(...names),
          fc.oneof(fc.constantFrom(...Object.values(hostileTexts)), fc.jsonValue()),
        ),
      }),
    )
    .map(({ field, text, others }) => ({ ...others, [field]: text }));
};

/** Bodies the route's own schema rejects: wrong types, missing fields, strange shapes. */
const malformedBody = (route: RouteSpec) =>
  fc
    .oneof(
      hostileBody(route),
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'guildId',
          'serverId',
          'userId',
          'key',
          'hash',
          'title',
          'content',
          'priority',
          'username',
          'password',
          'days',
          'maxSlots',
          'delay',
          'channelId',
          'message',
          'enabled',
          'discordUserId',
          'oldId',
          'newId',
          'duration',
        ),
        fc.jsonValue(),
      ),
    )
    .filter((body) => !route.body!.safeParse(body).success);

/** Text that is not JSON at all. */
const brokenJson = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
  // a blank body is an empty body, not broken JSON
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});

/** Path parameters the route's schemas reject (path traversal, unicode, huge, empty-ish). */
const malformedParam = fc.oneof(
  fc.string({ maxLength: 80 }),
  // a lone surrogate cannot be written into a URL at all: bodies carry it instead
  fc.constantFrom(
    ...Object.entries(hostileTexts).flatMap(([kind, text]) => (kind === 'lone surrogate' ? [] : [text])),
    '1234',
    '1'.repeat(21),
    '\u202E100000000000000099',
  ),
  fc.constantFrom('..', '%00', '../../etc/passwd', 'x'.repeat(300), ' ', '{}', '1e400', '-1'),
);

describe('malformed input to every command route (property-based)', function () {
  this.timeout(300_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const tokenFor = (route: RouteSpec) =>
    route.auth === 'bot' ? BOT_TOKEN : route.auth === 'anonymous' ? undefined : adminToken;
  const fill = (route: RouteSpec, value: (name: string) => string) =>
    route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name)));

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  for (const route of commandRoutes) {
    it(`${route.method} ${route.path}: never a 5xx, never an appended event`, async () => {
      const before = await head();
      const validParams = (name: string) => (name === 'id' || name === 'serverId' ? '100000000000000099' : 'x');
      // a route without a payload ignores what is sent: only its broken JSON is malformed
      if (route.body) {
        await fc.assert(
          fc.asyncProperty(malformedBody(route), async (body) => {
            const response = await api(product.url, route.method, fill(route, validParams), {
              token: tokenFor(route),
              body,
            });
            return response.status >= 400 && response.status < 500;
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
      await fc.assert(
        fc.asyncProperty(brokenJson, async (rawBody) => {
          const response = await api(product.url, route.method, fill(route, validParams), {
            token: tokenFor(route),
            rawBody,
          });
          // DELETE bodies are not read at all; a POST must refuse broken JSON
          return route.method === 'DELETE' ? response.status < 500 : response.status >= 400 && response.status < 500;
        }),
        { numRuns: Math.ceil(RUNS_PER_ROUTE / 4) },
      );
      if (route.params) {
        await fc.assert(
          fc.asyncProperty(
            malformedParam.filter((value) =>
              Object.values(route.params!).some((schema) => !schema.safeParse(value).success),
            ),
            async (value) => {
              const response = await api(
                product.url,
                route.method,
                fill(route, () => value),
                { token: tokenFor(route), body: {} },
              );
              return response.status >= 400 && response.status < 500;
            },
          ),
          { numRuns: Math.ceil(RUNS_PER_ROUTE / 2) },
        );
      }
      expect(await head(), 'events were appended by refused requests').to.equal(before);
    });
  }
});
