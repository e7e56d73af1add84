import type { SpawnedProduct } from '../../../test/support/all-in-one.ts';
import { type InteractionAnswer, option, type RestCall } from '../fake-discord/fake-discord.ts';
import { seedPlanOwner } from './poster-plan.ts';
import { serveVideoPages } from './video-pages.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './world.ts';

type Option = ReturnType<typeof option.string>;
export interface Where {
  guildId: string;
  channelId: string;
  userId: string;
}
export const inGeneral: Where = { guildId: GUILD, channelId: CHANNELS.general, userId: OWNER };

/**
 * The poster bot as `npm start` runs it against the fake Discord, with video pages served on
 * 127.0.0.1 (opened to the bot by the test-only setting), and the test server on a Business
 * plan. `extraGuilds` are more servers the poster bot is in (each with a #videos channel).
 */
export async function startPosterWorld(extraGuilds: { id: string; videos: string }[] = []) {
  const fake = await startFakeDiscord();
  for (const [index, guild] of extraGuilds.entries())
    fake.addGuild({
      id: guild.id,
      name: `Server ${index + 2}`,
      ownerId: OWNER,
      channels: [{ id: guild.videos, name: 'videos' }],
      bots: ['poster'],
    });
  const pages = await serveVideoPages();
  const env = { NODE_ENV: 'test', POSTER_PREVIEW_TEST_LOOPBACK_PORTS: String(pages.port) };
  let product: SpawnedProduct = await startProductWithBots(fake, { env });
  const ownerId = await seedPlanOwner(product.dataDir, [GUILD]);

  const world = {
    fake,
    pages,
    ownerId,
    get product() {
      return product;
    },
    async restart(): Promise<void> {
      await product.stop();
      product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
    },
    async stopProduct(): Promise<void> {
      await product.stop();
    },
    /** /postvideo url channel:#videos …; the bot's (deferred) answer. */
    async postVideo(url: string, extra: Option[] = [], where: Where = inGeneral, channelId: string = CHANNELS.videos) {
      const sent = fake.slashCommand('poster', where, 'postvideo', [
        option.string('url', url),
        option.channel('channel', channelId),
        ...extra,
      ]);
      return (await fake.answerTo(sent, 15_000)).data.content!;
    },
    /** The messages the poster bot sent to a channel for this link (as the bare link or in an embed). */
    postsOf(url: string, channelId: string = CHANNELS.videos): RestCall[] {
      return fake
        .callsTo('POST', `/channels/${channelId}/messages`)
        .filter((call) => call.body.content === url || call.body.embeds?.[0]?.url === url);
    },
    async library(where: Where = inGeneral): Promise<InteractionAnswer> {
      return fake.answerTo(fake.slashCommand('poster', where, 'videos', [], 'list'));
    },
    async press(customId: string, where: Where = inGeneral): Promise<InteractionAnswer> {
      return fake.answerTo(fake.button('poster', where, customId), 15_000);
    },
    async close(): Promise<void> {
      await product?.stop();
      await fake?.close();
      await pages?.close();
      if (product) removeDataDir(product.dataDir);
    },
  };
  return world;
}

export type PosterWorld = Awaited<ReturnType<typeof startPosterWorld>>;

/** The custom ids of the buttons of an answer, row by row. */
export const buttonsOf = (answer: InteractionAnswer): { custom_id?: string; label: string; disabled?: boolean }[][] =>
  (answer.data.components ?? []).map((row: { components: { custom_id?: string; label: string }[] }) => row.components);
