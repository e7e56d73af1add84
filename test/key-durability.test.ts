import path from 'node:path';
import { type GenerationCountResponse, type KeyDocument, keyReadModels, vipRoleReadModels } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { rebuildReadModels } from '@vip/projections';
import { keysProjectors } from '@vip/projections/read-models/keys/index.ts';
import { vipRolesProjectors } from '@vip/projections/read-models/vip-roles/index.ts';
import { expect } from 'chai';
import { BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails } from './support/http.ts';
import { readModelSnapshot } from './support/read-models.ts';
import { eventually, seedGuild, withEventStore } from './support/seed.ts';

const GUILD = '400000000000000001';
const REQUESTS = 400;
const CONCURRENCY = 25;
const KILL_AFTER = 100;

describe('keys survive a crash in the middle of a burst', function () {
  this.timeout(90_000);
  let product: SpawnedProduct | undefined;
  let dataDir: string | undefined;

  after(async () => {
    await product?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  it('every key answered 200 before a SIGKILL is redeemable after the restart', async () => {
    product = await startAllInOne();
    dataDir = product.dataDir;
    await seedGuild(dataDir, GUILD);
    const url = product.url;
    const answered: string[] = [];
    let failed = 0;
    let sent = 0;
    let killing: Promise<void> | undefined;

    // CONCURRENCY clients generating keys back to back; the process dies under them
    const client = async () => {
      while (sent < REQUESTS) {
        sent++;
        try {
          const response = await api(url, 'POST', '/api/keys/generateKey', { body: { guildId: GUILD } });
          if (response.status === 200) answered.push(response.body.key);
          else failed++;
        } catch {
          failed++; // the connection died with the process: no answer, no promise made
        }
        if (answered.length >= KILL_AFTER && !killing) killing = product!.kill();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    await killing;
    expect(answered.length).to.be.at.least(KILL_AFTER);
    expect(failed, 'some requests were cut off by the kill').to.be.greaterThan(0);

    product = await startAllInOne({ dataDir });
    let member = 500000000000000000n;
    const refused: string[] = [];
    for (let i = 0; i < answered.length; i += CONCURRENCY) {
      const batch = answered.slice(i, i + CONCURRENCY);
      const answers = await Promise.all(
        batch.map((key) =>
          api(product!.url, 'POST', '/api/bot/keys/redeem', {
            token: BOT_TOKEN,
            body: { guildId: GUILD, discordUserId: String(++member), key },
          }),
        ),
      );
      answers.forEach((answer, index) => {
        if (answer.status !== 200) refused.push(`${batch[index]}: ${answer.status} ${JSON.stringify(answer.body)}`);
      });
    }
    expect(refused, 'keys answered 200 but not redeemable').to.deep.equal([]);

    // the projections caught up with every key written, answered or not
    await eventually(
      async () =>
        (await api<GenerationCountResponse>(product!.url, 'GET', '/api/getGenerationCount')).body.count >=
        answered.length,
      10_000,
      'the generation count to include every answered key',
    );
    await eventually(
      async () => {
        const health = (await healthDetails(product!.url)).body;
        return health.projections.every((projection) => projection.checkpoint === health.eventStore.headPosition);
      },
      10_000,
      'every projection to reach the head of the log',
    );
    await product.stop();
    product = undefined;

    // the read models the crash interrupted equal a rebuild from position 0
    const live = new SqliteReadStore(path.join(dataDir, 'read-models.sqlite'));
    const scratch = new SqliteReadStore(':memory:');
    try {
      // the log as the product reads it: the members' ids through their keys
      await withEventStore(dataDir, (eventStore) =>
        rebuildReadModels(eventStore, scratch, [...keysProjectors, ...vipRolesProjectors]),
      );
      for (const collection of [...Object.values(keyReadModels), vipRoleReadModels.vipRoles]) {
        expect(await readModelSnapshot(scratch, collection), collection).to.deep.equal(
          await readModelSnapshot(live, collection),
        );
      }
      expect(
        (await readModelSnapshot(live, keyReadModels.keys)).filter((doc) => (doc as KeyDocument).redeemedAt !== null),
      ).to.have.length(answered.length);
    } finally {
      await Promise.all([live.close(), scratch.close()]);
    }
  });
});
