import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteSnapshotStore } from '@vip/platform';
import { expect } from 'chai';
import { GatewayIntentBits } from 'discord.js';
import { BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../../test/support/all-in-one.ts';
import { runCli } from '../../test/support/cli.ts';
import { api } from '../../test/support/http.ts';
import { appendEvents, eventually } from '../../test/support/seed.ts';
import { type FakeDiscord, waitFor } from './fake-discord/fake-discord.ts';
import { seedVerifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, KEY_BOT, OWNER, POSTER_BOT, startFakeDiscord } from './support/world.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A server on shard 1 of 2 ((id >> 22) % 2), beside GUILD on shard 0. */
const SHARD_ONE_GUILD = '200000000004194304';

describe('bots: registration, start-up and sharding', function () {
  this.timeout(90_000);
  let fake: FakeDiscord;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeEach(async () => {
    fake = await startFakeDiscord();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await fake.close();
  });

  it('`npm run bots:register` registers each bot’s commands, globally or in one server', async () => {
    const env = {
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_TOKEN: KEY_BOT.token,
      DISCORD_CLIENT_ID: KEY_BOT.applicationId,
      POSTER_DISCORD_TOKEN: POSTER_BOT.token,
      POSTER_DISCORD_CLIENT_ID: POSTER_BOT.applicationId,
    };
    // three runs side by side: everything, one server without the poster bot, no token at all
    const [global, inGuild, none] = await Promise.all([
      runCli('bots/src/register-commands.ts', [], env),
      runCli('bots/src/register-commands.ts', ['--guild', GUILD], { ...env, POSTER_DISCORD_TOKEN: '' }),
      runCli('bots/src/register-commands.ts', [], { DISCORD_TOKEN: '', POSTER_DISCORD_TOKEN: '', LOG_LEVEL: 'info' }),
    ]);
    expect(global.code, global.stderr + global.stdout).to.equal(0);
    const [keyCommands] = fake.callsTo('PUT', `/applications/${KEY_BOT.applicationId}/commands`);
    expect(keyCommands.bot).to.equal('key');
    expect(keyCommands.body.map((command: { name: string }) => command.name)).to.deep.equal([
      'send',
      'setrole',
      'setlog',
      'auto',
      'stats',
      'vip',
      'link',
      'help',
    ]);
    const auto = keyCommands.body.find((command: { name: string }) => command.name === 'auto');
    expect(auto.options.map((option: { name: string }) => option.name)).to.deep.equal(['ping', 'stop']);
    const [posterCommands] = fake.callsTo('PUT', `/applications/${POSTER_BOT.applicationId}/commands`);
    expect(posterCommands.body.map((command: { name: string }) => command.name)).to.deep.equal(['postvideo', 'videos']);

    expect(inGuild.code).to.equal(0);
    expect(fake.callsTo('PUT', `/applications/${KEY_BOT.applicationId}/guilds/${GUILD}/commands`)).to.have.length(1);
    expect(fake.callsTo('PUT', `/applications/${POSTER_BOT.applicationId}/guilds/${GUILD}/commands`)).to.have.length(0);

    expect(none.code).to.equal(1);
    expect(none.stdout).to.contain('nothing to register');
  });

  it('`npm start` says which bot starts; without the Server Members intent the key bot runs without it and warns', async () => {
    fake.bot('key').membersIntentDisallowed = true;
    // the server already has a verified owner and a log channel: the warning goes there
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-data-'));
    await seedVerifiedOwner(dataDir, GUILD, OWNER);
    await appendEvents(dataDir, `bot-settings-${GUILD}`, [
      {
        type: 'LogChannelSet',
        data: { guildId: GUILD, channelId: CHANNELS.logs, setBy: OWNER, setAt: new Date().toISOString() },
      },
    ]);
    const product = await startAllInOne({
      dataDir,
      env: { DISCORD_API_URL: fake.apiUrl, DISCORD_TOKEN: KEY_BOT.token, LOG_LEVEL: 'info' },
    });
    cleanups.push(async () => {
      await product.stop();
      removeDataDir(dataDir);
    });
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      15_000,
      'the server reported',
    );
    expect(product.output()).to.contain('key bot starting (DISCORD_TOKEN is set)');
    expect(product.output()).to.contain('poster bot not started: POSTER_DISCORD_TOKEN is not set');
    expect(product.output()).to.contain('Discord refused a privileged intent');
    // the refused connection never became a session: the one that did asked for Guilds alone
    const sessions = fake.identified.filter((session) => session.bot === 'key');
    expect(sessions).to.have.length(1);
    const [accepted] = sessions;
    expect(accepted.intents & GatewayIntentBits.GuildMembers).to.equal(0);
    expect(accepted.intents & GatewayIntentBits.Guilds).to.equal(GatewayIntentBits.Guilds);
    const warning = await fake.waitForCall(
      (call) => call.path === `/channels/${CHANNELS.logs}/messages` && /Server Members/.test(call.body.content),
      5_000,
      'the warning',
    );
    expect(warning.bot).to.equal('key');
    // issue #21 item 3: without member events, a member who rejoins during a window is not given the role back
    expect(warning.body.content).to.match(/rejoin during their window/);
  });

  it('bots/src/shard.ts runs the key bot in one process per shard, each with its own servers', async () => {
    fake.shardCount = 2;
    fake.addGuild({
      id: SHARD_ONE_GUILD,
      name: 'Shard One',
      ownerId: OWNER,
      channels: [{ id: '200000000004194305', name: 'general' }],
      bots: ['key'],
    });
    // the product without bots; the bots run beside it on the same data directory, as in docker-compose
    const product: SpawnedProduct = await startAllInOne();
    cleanups.push(async () => {
      await product.stop();
      removeDataDir(product.dataDir);
    });
    // a setting in each server: each shard's fold (and snapshot) keeps its own server's alone
    for (const guildId of [GUILD, SHARD_ONE_GUILD])
      await appendEvents(product.dataDir, `bot-settings-${guildId}`, [
        {
          type: 'VipRoleChosen',
          data: { guildId, roleId: '200000000000000777', chosenBy: OWNER, chosenAt: new Date().toISOString() },
        },
      ]);
    const shards: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bots/src/shard.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: product.dataDir,
        PRODUCT_API_URL: product.url,
        BOT_API_TOKEN: BOT_TOKEN,
        DISCORD_API_URL: fake.apiUrl,
        DISCORD_TOKEN: KEY_BOT.token,
        POSTER_DISCORD_TOKEN: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    shards.stdout!.on('data', (chunk) => (output += chunk));
    shards.stderr!.on('data', (chunk) => (output += chunk));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (shards.exitCode !== null) return resolve();
          shards.once('exit', () => resolve());
          shards.kill('SIGTERM');
        }),
    );

    await waitFor(
      () => fake.identified.filter((session) => session.bot === 'key').length >= 2,
      30_000,
      `two shards:\n${output}`,
    );
    const identified = fake.identified
      .filter((session) => session.bot === 'key')
      .map((session) => session.shard.join('/'));
    expect(identified.sort()).to.deep.equal(['0/2', '1/2']);
    for (const guildId of [GUILD, SHARD_ONE_GUILD]) {
      await eventually(
        async () => (await api(product.url, 'GET', `/api/server/${guildId}`)).status === 200,
        10_000,
        `server ${guildId} reported`,
      );
    }

    // stopped, each shard saves the snapshot it starts from next time, under its own shard's name
    shards.kill('SIGTERM');
    const snapshots = new SqliteSnapshotStore(path.join(product.dataDir, 'snapshots.sqlite'));
    cleanups.push(() => snapshots.close());
    const vipRolesIn = async (key: string) =>
      (await snapshots.load<{ state: { vipRoleIds: [string, string][] } }>(key))?.state.state.vipRoleIds.map(
        ([guildId]) => guildId,
      );
    await eventually(
      async () => (await vipRolesIn('key-bot/shards-0-of-2')) !== undefined,
      15_000,
      'shard 0’s snapshot',
    );
    await eventually(
      async () => (await vipRolesIn('key-bot/shards-1-of-2')) !== undefined,
      15_000,
      'shard 1’s snapshot',
    );
    expect(await vipRolesIn('key-bot/shards-0-of-2')).to.deep.equal([GUILD]);
    expect(await vipRolesIn('key-bot/shards-1-of-2')).to.deep.equal([SHARD_ONE_GUILD]);
  });
});
