import { startFakeDiscord, startProductWithBots, GUILD } from '/work/main/bots/test/support/world.ts';
const fake = await startFakeDiscord();
const product = await startProductWithBots(fake, { env: { LOG_LEVEL: 'info' } });
await new Promise((r) => setTimeout(r, 3000));
console.log(fake.calls.map((c) => `${c.bot} ${c.method} ${c.path} ${JSON.stringify(c.body)?.slice(0, 200)}`).join('\n'));
const r = await fetch(`${product.url}/api/server/${GUILD}`); console.log(r.status, await r.text());
console.log(product.output().slice(-4000));
await product.stop(); await fake.close();
