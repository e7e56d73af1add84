// What a flood of sign-ins with rotating usernames does to everyone else (issue #13 item 4):
// GET /login latency while one client keeps `parallel` wrong sign-ins in flight, with the
// argon2 queue as configured and with it opened wide (as before the queue). The product runs
// as its own process, as `npm start` runs it. Run: npx tsx bench/src/login-flood.ts [parallel] [seconds]
import { ADMIN, removeDataDir, startAllInOne } from '../../test/support/all-in-one.ts';

const parallel = Number(process.argv[2] ?? 60);
const seconds = Number(process.argv[3] ?? 8);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function run(label: string, env: Record<string, string>) {
  const product = await startAllInOne({ env });
  try {
    const pageUrl = `${product.url}/login`;
    for (let i = 0; i < 20; i++) await timedGet(pageUrl);
    const quiet: number[] = [];
    for (let i = 0; i < 100; i++) quiet.push(await timedGet(pageUrl));

    const answers = new Map<number, number>();
    let stop = false;
    let n = 0;
    const attacker = async () => {
      while (!stop) {
        const response = await fetch(`${product.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `rotating-${n++}`, password: 'wrong-password' }),
        });
        await response.arrayBuffer();
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
        // a refused one comes straight back, as an attacker would
      }
    };
    const attackers = Array.from({ length: parallel }, attacker);
    const flooded: number[] = [];
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) flooded.push(await timedGet(pageUrl));
    stop = true;
    await Promise.all(attackers);
    const admin = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });

    quiet.sort((a, b) => a - b);
    flooded.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`${label}:`);
    console.log(`  GET /login quiet:   p50 ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))}`);
    console.log(
      `  GET /login flooded: p50 ${ms(percentile(flooded, 50))}, p99 ${ms(percentile(flooded, 99))} (${flooded.length} requests)`,
    );
    const counted = [...answers].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(`  sign-ins answered in ${seconds} s with ${parallel} in flight: ${counted}`);
    console.log(`  the admin's own sign-in right after: ${admin.status}`);
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
  }
}

await run('argon2 queue opened wide (1000 at once: as before the queue)', {
  PASSWORD_HASHES_AT_ONCE: '1000',
  PASSWORD_HASHES_QUEUED: '1000',
  PASSWORD_HASHES_PER_CLIENT: '1000',
});
await run('argon2 queue as configured by default (half the cores at once, 16 waiting, 3 per client)', {});
