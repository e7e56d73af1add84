import { apiCatalogue, type RouteSpec } from '@vip/contracts';
import { expect } from 'chai';
import fc from 'fast-check';
import { hostileTexts } from '../contracts/test/input-fields.ts';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 120);
const readRoutes = apiCatalogue.filter((route) => route.method === 'GET' && (route.query || route.params));

/** A query string as koa hands it over: one value, or several for a repeated parameter. */
type Query = Record<string, string | string[]>;

const namesOf = (route: RouteSpec): string[] => {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    ...Object.entries(hostileTexts).flatMap(([kind, value]) => (kind === 'lone surrogate' ? [] : [value])),
  ),
  fc.constantFrom('0', '-1', '1e400', '9'.repeat(20), '2026-13-45', '1,2', 'KeyGenerated,Nope', ' ', 'x'.repeat(300)),
  fc.integer({ min: -5, max: 100_000 }).map(String),
);

/** Queries made of the route's own parameters (some repeated) and strangers. */
const queryOf = (route: RouteSpec) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...namesOf(route), 'limit', 'unknown'), fc.string({ minLength: 1, maxLength: 8 })),
    fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 })),
    { maxKeys: 4 },
  );

const searchOf = (query: Query) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  const search = params.toString();
  return search ? `?${search}` : '';
};

// "." and ".." never reach a route: the URL's path is resolved first (/a/b/.. is /a)
const malformedParam = fc
  .oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom('%00', '../../etc/passwd', 'x'.repeat(300), ' ', '{}', '1e400', '-1', '0', '1.5'),
  )
  .filter((value) => value !== '.' && value !== '..');

/**
 * Every read route with a query or path parameters, given what its schemas refuse: a 400 (or
 * the 404 a route answers for an id that names nothing), never a 5xx (issue #13 item 8, and
 * the audit export and state routes of issue #15).
 */
describe('malformed queries and path parameters to every read route (property-based)', function () {
  this.timeout(300_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const tokenFor = (route: RouteSpec) =>
    route.auth === 'bot' ? BOT_TOKEN : route.auth === 'anonymous' ? undefined : adminToken;
  const fill = (route: RouteSpec, value: (name: string) => string) =>
    route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name)));
  const validParam = () => '100000000000000099';

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('covers the audit export and the state as of a position', () => {
    const paths = readRoutes.map((route) => route.path);
    expect(paths).to.include.members(['/api/admin/audit/export', '/api/admin/audit/state/:position']);
  });

  for (const route of readRoutes) {
    it(`GET ${route.path}: a refused query or parameter is a 4xx, never a 5xx`, async () => {
      if (route.query) {
        await fc.assert(
          fc.asyncProperty(queryOf(route), async (query) => {
            const response = await api(product.url, 'GET', `${fill(route, validParam)}${searchOf(query)}`, {
              token: tokenFor(route),
            });
            if (response.status >= 500) return false;
            return route.query!.safeParse(query).success || response.status === 400;
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
      if (route.params) {
        // drawn from a pool the schemas refuse: a parameter that takes any text (an access hash) has none
        const refused = fc
          .sample(malformedParam, 500)
          .filter((value) => Object.values(route.params!).some((schema) => !schema.safeParse(value).success));
        if (refused.length === 0) {
          console.log(`      GET ${route.path}: its parameters take any text; none to refuse`);
          return;
        }
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...refused), async (value) => {
            const response = await api(
              product.url,
              'GET',
              fill(route, () => value),
              { token: tokenFor(route) },
            );
            return response.status >= 400 && response.status < 500;
          }),
          { numRuns: Math.ceil(RUNS_PER_ROUTE / 2) },
        );
      }
    });
  }
});
