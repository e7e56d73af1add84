import { removeDataDir, type SpawnedProduct, startAllInOne } from '../../../test/support/all-in-one.ts';
import { FakeDiscord } from '../fake-discord/fake-discord.ts';

/** One server, its people and its channels, shared by the bot tests. */
export const GUILD = '200000000000000001';
export const CHANNELS = {
  general: '200000000000000011',
  verify: '200000000000000012',
  welcome: '200000000000000013',
  logs: '200000000000000014',
  videos: '200000000000000015',
} as const;
export const OWNER = '300000000000000001';

export const KEY_BOT = {
  name: 'key',
  token: 'key-bot-token.fake',
  applicationId: '400000000000000001',
  userId: '400000000000000001',
  username: 'Key Bot',
};
export const POSTER_BOT = {
  name: 'poster',
  token: 'poster-bot-token.fake',
  applicationId: '400000000000000002',
  userId: '400000000000000002',
  username: 'Poster Bot',
};

/** A fake Discord holding the test server with both bots in it. */
export async function startFakeDiscord(): Promise<FakeDiscord> {
  const fake = await FakeDiscord.start([{ ...KEY_BOT }, { ...POSTER_BOT }]);
  fake.addGuild({
    id: GUILD,
    name: 'Fake Server',
    ownerId: OWNER,
    channels: Object.entries(CHANNELS).map(([name, id]) => ({ id, name })),
    bots: ['key', 'poster'],
  });
  return fake;
}

/** The environment that makes `npm start` run both bots against the fake Discord. */
export function botEnv(fake: FakeDiscord, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DISCORD_API_URL: fake.apiUrl,
    DISCORD_TOKEN: KEY_BOT.token,
    DISCORD_CLIENT_ID: KEY_BOT.applicationId,
    POSTER_DISCORD_TOKEN: POSTER_BOT.token,
    POSTER_DISCORD_CLIENT_ID: POSTER_BOT.applicationId,
    PUBLIC_URL: 'https://vip.example',
    ...extra,
  };
}

/** The product exactly as `npm start` runs it, with the bots pointed at the fake. */
export async function startProductWithBots(
  fake: FakeDiscord,
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<SpawnedProduct> {
  const before = fake.identified.length;
  const product = await startAllInOne({ dataDir: options.dataDir, env: botEnv(fake, options.env) });
  // both bots fold the log, then connect: wait until each identified on the gateway
  const deadline = Date.now() + 20_000;
  while (fake.identified.slice(before).length < 2) {
    if (Date.now() > deadline) throw new Error(`the bots did not connect:\n${product.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return product;
}

export { removeDataDir };
