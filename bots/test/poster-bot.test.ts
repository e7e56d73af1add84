import fs from 'node:fs';
import path from 'node:path';
import { botReadModels, type VideoPostDocument } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { allEvents, eventually } from '../../test/support/seed.ts';
import { option } from './fake-discord/fake-discord.ts';
import { CHROMIUM, type PostedMessage, screenshotMessage } from './support/embed-screenshot.ts';
import { sleep } from './support/journeys.ts';
import { type PosterWorld, startPosterWorld } from './support/poster-world.ts';
import { CHANNELS, GUILD, OWNER, POSTER_BOT } from './support/world.ts';

/** The poster bot as `npm start` runs it (POSTER_DISCORD_TOKEN set), against the fake Discord. */
describe('poster bot: video posts', function () {
  this.timeout(90_000);
  let world: PosterWorld;
  const postedTo = (url: string) =>
    world.fake.waitForCall(
      (call) =>
        call.path === `/channels/${CHANNELS.videos}/messages` &&
        (call.body.content === url || call.body.embeds?.[0]?.url === url),
      10_000,
      `the post of ${url}`,
    );

  before(async () => {
    world = await startPosterWorld();
  });
  after(async () => world?.close());

  it("posts an embed with the page's OpenGraph title, description, thumbnail and a Watch button, pinging no one", async () => {
    const url = world.pages.url('/watch/cats');
    const reply = await world.postVideo(url);
    expect(reply).to.match(new RegExp(`^Scheduled \`[0-9a-f]{8}\` in <#${CHANNELS.videos}> for <t:\\d+:f>`));
    expect(reply).to.contain('It shows **Cats & boxes** with its picture and a Watch button.');

    const post = await postedTo(url);
    expect(post.bot).to.equal('poster');
    expect(post.body.allowed_mentions).to.deep.equal({ parse: [] });
    expect(post.body.content ?? '').to.equal('');
    const [embed] = post.body.embeds;
    expect(embed).to.include({ title: 'Cats & boxes', url, description: 'Ten minutes of a cat and a box.' });
    expect(embed.thumbnail).to.deep.equal({ url: world.pages.url('/thumbs/cats.jpg') });
    expect(embed.footer).to.deep.equal({ text: '127.0.0.1' });
    expect(post.body.components).to.deep.equal([{ type: 1, components: [{ type: 2, style: 5, label: 'Watch', url }] }]);

    if (!fs.existsSync(CHROMIUM)) return console.log(`      (no screenshot: ${CHROMIUM} is missing)`);
    const shot = await screenshotMessage(post.body as PostedMessage, 'poster-embed', POSTER_BOT.username);
    expect(shot).to.include({ title: 'Cats & boxes', thumbnailLoaded: true });
    expect(shot.buttons).to.deep.equal(['Watch']);
    for (const file of shot.files) expect(fs.statSync(file).size, path.basename(file)).to.be.above(5_000);
  });

  it("the member's own title wins over the page's", async () => {
    const url = `${world.pages.url('/watch/cats')}?own-title`;
    expect(await world.postVideo(url, [option.string('title', 'Our cat of the week')])).to.contain(
      'It shows **Our cat of the week** with its picture',
    );
    const [embed] = (await postedTo(url)).body.embeds;
    expect(embed.title).to.equal('Our cat of the week');
    expect(embed.thumbnail).to.deep.equal({ url: world.pages.url('/thumbs/cats.jpg') });
  });

  it('falls back to the bare link when the page is slow, too large, not HTML, private, or has no title', async () => {
    const cases = [
      ['/watch/slow', 'I could not read the page (it took too long to answer), so the post is the bare link.'],
      ['/watch/huge', 'I could not read the page (it is too large), so the post is the bare link.'],
      ['/watch/pdf', 'I could not read the page (the link is not a web page), so the post is the bare link.'],
      [
        '/go/private',
        'I could not read the page (the link leads to a private network address), so the post is the bare link.',
      ],
      ['/watch/no-tags', 'The page has no title, so the post is the bare link.'],
    ] as const;
    const replies = await Promise.all(cases.map(([page]) => world.postVideo(world.pages.url(page))));
    for (const [index, [page, text]] of cases.entries()) {
      expect(replies[index], page).to.contain(text);
      const post = await postedTo(world.pages.url(page));
      expect(post.body.content, page).to.equal(world.pages.url(page));
      expect(post.body.embeds ?? [], page).to.deep.equal([]);
      expect(post.body.components ?? [], page).to.deep.equal([]);
    }
    // the private address itself was never asked for: the redirect to it was refused
    expect(world.pages.requests).to.include('/go/private');
  });

  it('refuses a repeat shorter than the minimum, a time it cannot read, and a link that is not one', async () => {
    const url = 'https://videos.example/refused';
    expect(await world.postVideo(url, [option.string('repeat', '30m')])).to.equal(
      'Posts can repeat every 60 minutes at the most often.',
    );
    expect(await world.postVideo(url, [option.string('when', 'next tuesday')])).to.match(/^I could not read `when`/);
    expect(await world.postVideo('ftp://videos.example/x')).to.equal('The video link must be an http(s) address.');
    await sleep(300);
    expect(world.postsOf(url)).to.have.length(0);
  });

  it('a post that fell due while the bot was down is sent once, as its embed, and is in the log', async () => {
    const url = `${world.pages.url('/watch/cats')}?missed`;
    await world.postVideo(url, [option.string('when', '3s')]);
    await world.stopProduct();
    await sleep(4_000);
    expect(world.postsOf(url)).to.have.length(0);

    await world.restart();
    await eventually(async () => world.postsOf(url).length > 0, 10_000, 'the missed post');
    await sleep(1_000);
    expect(world.postsOf(url)).to.have.length(1);
    expect(world.postsOf(url)[0].body.embeds[0].title).to.equal('Cats & boxes');

    const { dataDir } = world.product;
    await eventually(
      async () =>
        (await allEvents(dataDir)).some(
          (event) =>
            event.type === 'VideoPosted' && (event.data as { channelId: string }).channelId === CHANNELS.videos,
        ),
      5_000,
      'VideoPosted',
    );
    const readStore = new SqliteReadStore(path.join(dataDir, 'read-models.sqlite'));
    try {
      const videoPosts = readStore.collection<VideoPostDocument>(botReadModels.videoPosts);
      await eventually(async () => (await videoPosts.findOne({ url }))?.status === 'done', 5_000, 'the read model');
      expect(await videoPosts.findOne({ url })).to.include({
        guildId: GUILD,
        channelId: CHANNELS.videos,
        posts: 1,
        scheduledBy: OWNER,
        title: 'Cats & boxes',
        imageUrl: world.pages.url('/thumbs/cats.jpg'),
        repostOf: null,
      });
    } finally {
      await readStore.close();
    }
  });
});
