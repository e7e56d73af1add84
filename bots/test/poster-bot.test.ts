import { expect } from 'chai';
import path from 'node:path';
import { botReadModels, type VideoPostDocument } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import type { SpawnedProduct } from '../../test/support/all-in-one.ts';
import { allEvents, eventually } from '../../test/support/seed.ts';
import { FakeDiscord, option } from './fake-discord/fake-discord.ts';
import { sleep } from './support/journeys.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const at = { guildId: GUILD, channelId: CHANNELS.general, userId: OWNER };

/** The poster bot as `npm start` runs it (POSTER_DISCORD_TOKEN set), against the fake Discord. */
describe('poster bot: scheduled video posts', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  const postsOf = (url: string) =>
    fake.callsTo('POST', `/channels/${CHANNELS.videos}/messages`).filter((call) => call.body.content === url);
  const schedule = async (url: string, extra: ReturnType<typeof option.string>[] = []) => {
    const sent = fake.slashCommand('poster', at, 'postvideo', [
      option.string('url', url),
      option.channel('channel', CHANNELS.videos),
      ...extra,
    ]);
    return (await fake.answerTo(sent)).data.content!;
  };

  before(async () => {
    fake = await startFakeDiscord();
    product = await startProductWithBots(fake);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('posts at once when no time is given, without pinging anyone', async () => {
    const url = 'https://videos.example/now';
    expect(await schedule(url)).to.match(
      new RegExp(`^Scheduled \`[0-9a-f]{8}\` in <#${CHANNELS.videos}> for <t:\\d+:f>`),
    );
    const post = await fake.waitForCall(
      (call) => call.path === `/channels/${CHANNELS.videos}/messages` && call.body.content === url,
      5_000,
      'the post',
    );
    expect(post.bot).to.equal('poster');
    expect(post.body.allowed_mentions).to.deep.equal({ parse: [] });
  });

  it('refuses a repeat shorter than the minimum, a time it cannot read, and a link that is not one', async () => {
    expect(await schedule('https://videos.example/often', [option.string('repeat', '30m')])).to.equal(
      'Posts can repeat every 60 minutes at the most often.',
    );
    expect(await schedule('https://videos.example/when', [option.string('at', 'next tuesday')])).to.match(
      /^I could not read `at`/,
    );
    expect(await schedule('ftp://videos.example/x')).to.equal('The video link must be an http(s) address.');
    await sleep(300);
    expect(
      fake
        .callsTo('POST', `/channels/${CHANNELS.videos}/messages`)
        .filter((call) => /often|when|ftp/.test(call.body.content)),
    ).to.have.length(0);
  });

  it('lists and cancels scheduled posts', async () => {
    const url = 'https://videos.example/cancelled';
    const reply = await schedule(url, [option.string('at', '3s')]);
    const shortId = /`([0-9a-f]{8})`/.exec(reply)![1];
    const list = fake.slashCommand('poster', at, 'videos', [], 'list');
    expect((await fake.answerTo(list)).data.embeds![0].description).to.contain(
      `\`${shortId}\` ${url} in <#${CHANNELS.videos}>`,
    );
    const cancel = fake.slashCommand('poster', at, 'videos', [option.string('id', shortId)], 'cancel');
    expect((await fake.answerTo(cancel)).data.content).to.equal(`Cancelled \`${shortId}\`.`);
    await sleep(3_500);
    expect(postsOf(url)).to.have.length(0);
  });

  it('a post that fell due while the bot was down is sent once when it is back, and is in the log', async () => {
    const url = 'https://videos.example/missed';
    await schedule(url, [option.string('at', '3s')]);
    await product.stop();
    await sleep(4_000);
    expect(postsOf(url)).to.have.length(0);

    product = await startProductWithBots(fake, { dataDir: product.dataDir });
    await eventually(async () => postsOf(url).length > 0, 5_000, 'the missed post');
    await sleep(1_000);
    expect(postsOf(url)).to.have.length(1);

    // each post is an event: the audit trail and the panel's read model see it
    await eventually(
      async () =>
        (await allEvents(product.dataDir)).some(
          (event) =>
            event.type === 'VideoPosted' && (event.data as { channelId: string }).channelId === CHANNELS.videos,
        ),
      5_000,
      'VideoPosted',
    );
    const readStore = new SqliteReadStore(path.join(product.dataDir, 'read-models.sqlite'));
    try {
      await eventually(
        async () =>
          (await readStore.collection<VideoPostDocument>(botReadModels.videoPosts).findOne({ url }))?.status === 'done',
        5_000,
        'the read model',
      );
      const document = await readStore.collection<VideoPostDocument>(botReadModels.videoPosts).findOne({ url });
      expect(document).to.include({ guildId: GUILD, channelId: CHANNELS.videos, posts: 1, scheduledBy: OWNER });
    } finally {
      await readStore.close();
    }
  });

  it('a repeating post is sent now and then listed with its next time', async () => {
    const url = 'https://videos.example/weekly';
    expect(await schedule(url, [option.string('repeat', '1w')])).to.match(/, then every 7 d\./);
    await eventually(async () => postsOf(url).length === 1, 5_000, 'the first post');
    const list = fake.slashCommand('poster', at, 'videos', [], 'list');
    const description: string = (await fake.answerTo(list)).data.embeds![0].description;
    const line = description.split('\n').find((text) => text.includes(url))!;
    const next = Number(/<t:(\d+):f>/.exec(line)![1]) * 1000;
    expect(next - Date.now()).to.be.within(7 * 86_400_000 - 60_000, 7 * 86_400_000);
    expect(line).to.contain('every 7 d');
  });
});
