// One layer of the GET path, served alone for bench/src/get-route-anatomy.ts over an existing
// data dir: `routes` is the query service's routers and handlers with no middleware at all,
// `query-app` the whole query service (access log and metrics, error handling, correlation
// id, security headers, CORS, JSON 404, sign-in) as the product serves GETs.
// Run: DATA_DIR=… npx tsx bench/src/query-app-variant.ts routes|query-app

import { createContainer, loadConfig } from '@vip/platform';
import { createQueryApp, queryRouter, resolveQueryDeps } from '@vip/query-service';
import Koa from 'koa';

const variant = process.argv[2];
const deps = await resolveQueryDeps(await createContainer({ ...loadConfig(), logLevel: 'warn' }, 'bench'));
let app: Koa;
if (variant === 'routes') {
  app = new Koa();
  app.use(queryRouter(deps, 'bench').routes());
} else if (variant === 'query-app') {
  app = createQueryApp(deps, 'bench');
} else {
  throw new Error('usage: query-app-variant.ts routes|query-app');
}
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening http://127.0.0.1:${address.port}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
