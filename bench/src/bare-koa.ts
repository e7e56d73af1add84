// The yardstick for bench/src/http-throughput.ts: one Koa route answering a small JSON
// body, nothing else. Prints its URL once listening.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { id: '100000000000000001', name: 'Demo Server', icon: null, memberCount: 1234, noAds: false };
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening http://127.0.0.1:${address.port}\n`);
});
