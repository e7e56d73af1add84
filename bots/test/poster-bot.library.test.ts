import { botSettingsTexts, suspensionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { appendEvents } from '../../test/support/seed.ts';
import { option } from './fake-discord/fake-discord.ts';
import { sleep } from './support/journeys.ts';
import { seedPlanEnded, seedPlanOwner } from './support/poster-plan.ts';
import { buttonsOf, inGeneral, type PosterWorld, startPosterWorld, type Where } from './support/poster-world.ts';
import { CHANNELS, GUILD, OWNER } from './support/world.ts';

/** Seven more servers the poster bot is in, each with its #videos channel. */
const SERVERS = Array.from({ length: 7 }, (_, index) => ({
  id: `2000000000000001${String(index + 2).padStart(2, '0')}`,
  videos: `2100000000000001${String(index + 2).padStart(2, '0')}`,
}));
const inServer = (index: number): Where => ({
  guildId: SERVERS[index].id,
  channelId: SERVERS[index].videos,
  userId: OWNER,
});
const shortIdIn = (reply: string) => /`([0-9a-f]{8})`/.exec(reply)![1];

describe('poster bot: the video library (/videos) and the servers a plan covers', function () {
  this.timeout(120_000);
  let world: PosterWorld;
  const page = (path: string) => world.pages.url(path);

  before(async () => {
    world = await startPosterWorld(SERVERS);
  });
  after(async () => world?.close());

  it('lists posted and scheduled videos, latest first, each with Re-post, and Cancel while it is still to be sent', async () => {
    const sent = `${page('/watch/cats')}?library-sent`;
    const later = `${page('/watch/cats')}?library-later`;
    await world.postVideo(sent);
    await world.fake.waitForCall(() => world.postsOf(sent).length > 0, 10_000, 'the first post');
    await world.postVideo(later, [option.string('when', '2h')]);

    const library = await world.library();
    const [embed] = library.data.embeds!;
    expect(embed.title).to.equal('Video library');
    const [first, second] = embed.description.split('\n\n');
    expect(first).to.match(
      /^\*\*1\.\*\* `[0-9a-f]{8}` \[Cats & boxes\]\(.*\?library-later\) in <#\d+>\nscheduled for <t:/,
    );
    expect(second).to.match(
      /^\*\*2\.\*\* `[0-9a-f]{8}` \[Cats & boxes\]\(.*\?library-sent\) in <#\d+>\nposted <t:\d+:R>$/,
    );
    const [laterRow, sentRow] = buttonsOf(library);
    expect(laterRow.map((button) => button.label)).to.deep.equal(['Re-post 1', 'Cancel 1']);
    expect(sentRow.map((button) => button.label)).to.deep.equal(['Re-post 2']);
  });

  it('Re-post posts the video again now, as its embed, and the library shows the re-post', async () => {
    const url = `${page('/watch/cats')}?repost`;
    await world.postVideo(url);
    await world.fake.waitForCall(() => world.postsOf(url).length === 1, 10_000, 'the first post');
    const repost = buttonsOf(await world.library())[0][0];
    expect(repost.label).to.equal('Re-post 1');

    const answer = await world.press(repost.custom_id!);
    expect(answer.data.content).to.match(new RegExp(`^Re-posting as \`[0-9a-f]{8}\` in <#${CHANNELS.videos}> now\\.$`));
    await world.fake.waitForCall(() => world.postsOf(url).length === 2, 10_000, 'the re-post');
    const again = world.postsOf(url)[1].body;
    expect(again.embeds[0]).to.include({ title: 'Cats & boxes', url });
    expect(again.components[0].components[0]).to.include({ label: 'Watch', url });
    expect((await world.library()).data.embeds![0].description.split('\n\n')[0]).to.contain('· re-post');
  });

  it('Cancel stops a scheduled post (button or /videos cancel id); a member without Manage Server cannot press', async () => {
    const viaButton = `${page('/watch/cats')}?cancel-button`;
    const viaId = `${page('/watch/cats')}?cancel-id`;
    const buttonReply = await world.postVideo(viaButton, [option.string('when', '3s')]);
    const idReply = await world.postVideo(viaId, [option.string('when', '3s')]);

    const member = '300000000000000077';
    world.fake.addMember(world.fake.guild(GUILD), member, 'member');
    const cancelRow = buttonsOf(await world.library()).find((row) =>
      row.some((button) => button.label.startsWith('Cancel')),
    )!;
    const cancel = cancelRow.find((button) => button.label.startsWith('Cancel'))!;
    expect((await world.press(cancel.custom_id!, { ...inGeneral, userId: member })).data.content).to.equal(
      'Only members with **Manage Server** can change the video library.',
    );

    // the newest is listed first: the one scheduled by id, then the button's
    const rows = buttonsOf(await world.library());
    expect(rows[1][1].custom_id).to.contain(':cancel:');
    expect((await world.press(rows[1][1].custom_id!)).data.content).to.equal(
      `Cancelled \`${shortIdIn(buttonReply)}\`.`,
    );
    const typed = world.fake.slashCommand(
      'poster',
      inGeneral,
      'videos',
      [option.string('id', shortIdIn(idReply))],
      'cancel',
    );
    expect((await world.fake.answerTo(typed)).data.content).to.equal(`Cancelled \`${shortIdIn(idReply)}\`.`);

    await sleep(3_500);
    expect(world.postsOf(viaButton)).to.have.length(0);
    expect(world.postsOf(viaId)).to.have.length(0);
    const listed = (await world.library()).data.embeds![0].description.split('\n\n').slice(0, 2);
    for (const line of listed) expect(line).to.match(/\ncancelled$/);
  });

  it('shows four videos a page, with Newer / Older buttons that turn the page in place', async () => {
    const library = await world.library();
    const rows = buttonsOf(library);
    expect(rows).to.have.length(5);
    const [newer, older] = rows[4];
    expect(newer).to.include({ label: '◀ Newer', disabled: true });
    expect(older).to.include({ label: 'Older ▶', custom_id: 'videos:page:2' });
    const turned = await world.press(older.custom_id!);
    expect(turned.kind).to.equal('update');
    expect(turned.data.embeds![0].description).to.match(/^\*\*5\.\*\* /);
    expect(turned.data.embeds![0].footer.text).to.match(/^Page 2 of \d+ · \d+ videos$/);
  });

  it('a repeating post is sent now, then listed with its next time, its interval and Cancel', async () => {
    const url = `${page('/watch/cats')}?weekly`;
    expect(await world.postVideo(url, [option.string('repeat', '1w')])).to.match(/, then every 7 d\. /);
    await world.fake.waitForCall(() => world.postsOf(url).length === 1, 10_000, 'the first post');
    const library = await world.library();
    const line = library.data.embeds![0].description.split('\n\n')[0];
    expect(line).to.contain('?weekly');
    const next = Number(/next <t:(\d+):f>/.exec(line)![1]) * 1000;
    expect(next - Date.now()).to.be.within(7 * 86_400_000 - 60_000, 7 * 86_400_000);
    expect(line).to.contain('every 7 d');
    expect(buttonsOf(library)[0].map((button) => button.label)).to.deep.equal(['Re-post 1', 'Cancel 1']);
  });

  it('the Business plan covers up to 3 of its owner’s servers: the 4th is told so, and so is a suspended one', async () => {
    await seedPlanOwner(
      world.product.dataDir,
      SERVERS.slice(0, 4).map((server) => server.id),
    );
    const covered = `${page('/watch/cats')}?third-server`;
    expect(await world.postVideo(covered, [], inServer(2), SERVERS[2].videos)).to.match(/^Scheduled `/);
    await world.fake.waitForCall(() => world.postsOf(covered, SERVERS[2].videos).length > 0, 10_000, 'the post');

    const beyond = `${page('/watch/cats')}?fourth-server`;
    expect(await world.postVideo(beyond, [], inServer(3), SERVERS[3].videos)).to.equal(
      `❌ ${botSettingsTexts.posterServerLimit(3)}`,
    );
    expect(botSettingsTexts.posterServerLimit(3)).to.contain('up to 3 servers');

    // a covered server an admin suspended: the Restricted screen's words
    await appendEvents(world.product.dataDir, `suspension-${SERVERS[1].id}`, [
      {
        type: 'ServerSuspended',
        data: { guildId: SERVERS[1].id, reason: 'abuse', suspendedAt: new Date().toISOString() },
      },
    ]);
    const suspended = `${page('/watch/cats')}?suspended`;
    expect(await world.postVideo(suspended, [], inServer(1), SERVERS[1].videos)).to.equal(
      `❌ ${suspensionTexts.restricted}`,
    );
    await sleep(500);
    expect(world.postsOf(beyond, SERVERS[3].videos)).to.have.length(0);
    expect(world.postsOf(suspended, SERVERS[1].videos)).to.have.length(0);
  });

  it('a server without a plan, on a plan without the poster bot, or of an owner without proof, is told what it needs', async () => {
    expect(await world.postVideo(page('/watch/cats'), [], inServer(4), SERVERS[4].videos)).to.equal(
      `❌ ${botSettingsTexts.posterNoPlan}`,
    );
    await seedPlanOwner(world.product.dataDir, [SERVERS[5].id], { name: 'Basic' });
    expect(await world.postVideo(page('/watch/cats'), [], inServer(5), SERVERS[5].videos)).to.equal(
      `❌ ${botSettingsTexts.posterOtherPlan}`,
    );
    // a Business plan, but a claim from before proof of management existed
    await seedPlanOwner(world.product.dataDir, [SERVERS[4].id], { verified: false });
    expect(await world.postVideo(page('/watch/cats'), [], inServer(4), SERVERS[4].videos)).to.equal(
      `❌ ${botSettingsTexts.posterUnverifiedOwner}`,
    );
  });

  it('when the plan ends, a scheduled post is not sent and Re-post is refused', async () => {
    const ownerId = await seedPlanOwner(world.product.dataDir, [SERVERS[6].id]);
    const where = inServer(6);
    const sent = `${page('/watch/cats')}?before-the-end`;
    const pending = `${page('/watch/cats')}?after-the-end`;
    await world.postVideo(sent, [], where, SERVERS[6].videos);
    await world.fake.waitForCall(() => world.postsOf(sent, SERVERS[6].videos).length > 0, 10_000, 'the post');
    await world.postVideo(pending, [option.string('when', '3s')], where, SERVERS[6].videos);

    await seedPlanEnded(world.product.dataDir, ownerId);
    await sleep(4_000);
    expect(world.postsOf(pending, SERVERS[6].videos), 'the post after the end').to.have.length(0);
    expect(await world.postVideo(sent, [], where, SERVERS[6].videos)).to.equal(
      `❌ ${botSettingsTexts.posterPlanEnded}`,
    );
    const repost = buttonsOf(await world.library(where)).at(-1)![0];
    expect((await world.press(repost.custom_id!, where)).data.content).to.equal(
      `❌ ${botSettingsTexts.posterPlanEnded}`,
    );
    expect(world.postsOf(sent, SERVERS[6].videos)).to.have.length(1);
  });
});
