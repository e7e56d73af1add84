import type { DomainEvent } from '@vip/contracts';
import { expect } from 'chai';
import type { SpawnedProduct } from '../../../test/support/all-in-one.ts';
import { runCli } from '../../../test/support/cli.ts';
import { api, login } from '../../../test/support/http.ts';
import { appendEvents } from '../../../test/support/seed.ts';
import { type FakeDiscord, option } from '../fake-discord/fake-discord.ts';
import { CHANNELS, GUILD, OWNER } from './world.ts';

export interface PanelUser {
  username: string;
  userId: string;
  token: string;
}

/** A panel user made with the user CLI (no plan), signed in. */
export async function panelUser(product: SpawnedProduct, username: string): Promise<PanelUser> {
  const password = `${username}-password-1`;
  const created = await runCli('src/cli/user.ts', ['create', username, '--password', password], {
    DATA_DIR: product.dataDir,
  });
  expect(created.code, created.stderr).to.equal(0);
  const userId = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
  return { username, userId, token: await login(product.url, username, password) };
}

/** The panel's "Link with /link": a one-time code for the signed-in user. */
export async function linkCode(product: SpawnedProduct, token: string): Promise<string> {
  const issued = await api<{ code: string }>(product.url, 'POST', '/api/user/link-code', { token });
  expect(issued.status, JSON.stringify(issued.body)).to.equal(201);
  return issued.body.code;
}

/** The member runs `/link [code]` in the server, over the fake gateway: the bot's (ephemeral) answer. */
export async function runLink(
  fake: FakeDiscord,
  member: string,
  code?: string,
  guildId: string = GUILD,
  channelId: string = CHANNELS.general,
): Promise<string> {
  const sent = fake.slashCommand(
    'key',
    { guildId, channelId, userId: member },
    'link',
    code ? [option.string('code', code)] : [],
  );
  const answer = await fake.answerTo(sent, 15_000);
  expect(answer.data.flags, 'a /link answer is for the member only').to.equal(64);
  return answer.data.content ?? '';
}

/**
 * The server gets a verified owner the real way (decisions.md §9): a panel user takes a link
 * code, the server's Discord owner runs `/link code:` over the gateway, and the user adds
 * the server. The bot acts on the owner's greeting, auto-ping and log settings from then on.
 */
export async function verifiedOwner(
  fake: FakeDiscord,
  product: SpawnedProduct,
  options: { username?: string; guildId?: string; member?: string; channelId?: string } = {},
): Promise<PanelUser> {
  const owner = await panelUser(product, options.username ?? 'server-owner');
  const reply = await runLink(
    fake,
    options.member ?? OWNER,
    await linkCode(product, owner.token),
    options.guildId,
    options.channelId,
  );
  expect(reply, reply).to.match(/^✅/);
  const added = await api(product.url, 'POST', '/api/user/add-server', {
    token: owner.token,
    body: { guildId: options.guildId ?? GUILD },
  });
  expect(added.status, JSON.stringify(added.body)).to.equal(200);
  return owner;
}

/**
 * For a test that starts the product on a log written beforehand: the events a verified
 * claim leaves (the account linked, the proof by /link, the claim naming the proving account).
 */
export async function seedVerifiedOwner(dataDir: string, guildId: string, discordUserId: string): Promise<void> {
  const userId = '00000000-0000-4000-8000-0000000000aa';
  const at = new Date().toISOString();
  const events: [string, DomainEvent[]][] = [
    [
      `discord-link-${userId}`,
      [
        {
          type: 'DiscordAccountLinked',
          data: { userId, discordUserId, username: 'owner', avatar: null, via: 'link-command', linkedAt: at },
        },
        {
          type: 'ServerManagementProven',
          data: { userId, discordUserId, guildId, name: 'Fake Server', icon: null, via: 'link-command', provenAt: at },
        },
      ],
    ],
    [`server-owner-${guildId}`, [{ type: 'ServerClaimed', data: { guildId, userId, claimedAt: at, discordUserId } }]],
    [`user-servers-${userId}`, [{ type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: at } }]],
  ];
  for (const [streamId, stream] of events) await appendEvents(dataDir, streamId, stream);
}
