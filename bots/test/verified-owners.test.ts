import type { EventOf } from '@vip/contracts';
import { createLogger } from '@vip/platform';
import { expect } from 'chai';
import type { Client } from 'discord.js';
import { KeyBotState } from '../src/key-bot/key-bot-state.ts';
import { ServerLog } from '../src/key-bot/server-log.ts';
import { VerifiedOwners } from '../src/key-bot/verified-owners.ts';
import type { FedEvent } from '../src/shared/event-feed.ts';

const G = '200000000000000001';
const at = '2026-11-22T10:00:00.000Z';
let position = 0;
const fed = <
  T extends EventOf<
    'ServerClaimed' | 'ServerTakenOver' | 'ServerClaimVerified' | 'ServerClaimUnverified' | 'ServerReleased'
  >,
>(
  event: T,
) => ({ ...event, position: ++position, createdAt: new Date(at) }) as unknown as FedEvent<T['type']>;

/** decisions.md §9: which servers the key bot treats as held by a verified owner. */
describe('key bot: verified owners', () => {
  it('a claim is verified when it names the proving account; unverified claims wait for proof or a takeover', () => {
    const owners = new VerifiedOwners();
    expect(owners.hasVerifiedOwner(G)).to.equal(false);
    owners.apply(
      fed({ type: 'ServerClaimed', data: { guildId: G, userId: 'u1', claimedAt: at, discordUserId: null } }),
    );
    expect(owners.hasVerifiedOwner(G)).to.equal(false);
    owners.apply(
      fed({ type: 'ServerClaimVerified', data: { guildId: G, userId: 'u1', discordUserId: '5', verifiedAt: at } }),
    );
    expect(owners.hasVerifiedOwner(G)).to.equal(true);
    owners.apply(fed({ type: 'ServerReleased', data: { guildId: G, userId: 'u9', releasedAt: at, reason: null } }));
    expect(owners.hasVerifiedOwner(G), 'a release by someone who does not hold it').to.equal(true);
    owners.apply(fed({ type: 'ServerReleased', data: { guildId: G, userId: 'u1', releasedAt: at, reason: 'x' } }));
    expect(owners.hasVerifiedOwner(G)).to.equal(false);
    owners.apply(
      fed({ type: 'ServerClaimed', data: { guildId: G, userId: 'u2', claimedAt: at, discordUserId: null } }),
    );
    owners.apply(
      fed({
        type: 'ServerTakenOver',
        data: { guildId: G, userId: 'u3', discordUserId: '6', previousUserId: 'u2', takenOverAt: at },
      }),
    );
    expect(owners.hasVerifiedOwner(G)).to.equal(true);
    const unverified = (discordUserId: string) =>
      fed({
        type: 'ServerClaimUnverified',
        data: { guildId: G, userId: 'u3', discordUserId, reason: 'account-unlinked', unverifiedAt: at },
      });
    owners.apply(unverified('7'));
    expect(owners.hasVerifiedOwner(G), 'another account’s proof is not undone').to.equal(true);
    owners.apply(unverified('6'));
    expect(owners.hasVerifiedOwner(G), 'the proving account was unlinked').to.equal(false);
  });

  it('the log channel is used only while a verified owner holds the server', async () => {
    const sent: string[] = [];
    const client = {
      channels: {
        fetch: async () => ({
          isSendable: () => true,
          send: async ({ content }: { content: string }) => sent.push(content),
        }),
      },
    } as unknown as Client;
    const state = new KeyBotState();
    state.logChannelIds.set(G, '200000000000000014');
    const owners = new VerifiedOwners();
    const log = new ServerLog(state, client, createLogger('test', 'silent'), (guildId) =>
      owners.hasVerifiedOwner(guildId),
    );
    await log.post(G, 'before proof');
    owners.apply(fed({ type: 'ServerClaimed', data: { guildId: G, userId: 'u1', claimedAt: at, discordUserId: '5' } }));
    await log.post(G, 'after proof');
    expect(sent).to.deep.equal(['after proof']);
  });
});
