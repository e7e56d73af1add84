import { discordTexts } from '@vip/contracts';
import { discordLinkDecider } from '../../src/discord/discord-link.decider.ts';
import type { DiscordLinkEvent } from '../../src/discord/discord-link.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const D1 = '500000000000000001';
const D2 = '500000000000000002';
const [G1, G2, G3] = ['100000000000000001', '100000000000000002', '100000000000000003'];
const account = (discordUserId = D1, username = 'alice', avatar: string | null = 'a1b2') => ({
  discordUserId,
  username,
  avatar,
});
const linked = (discordUserId = D1, username = 'alice', avatar: string | null = 'a1b2'): DiscordLinkEvent => ({
  type: 'DiscordAccountLinked',
  data: { userId: 'u1', discordUserId, username, avatar, via: 'oauth', linkedAt: at },
});
const proven = (guildId: string, via: 'oauth' | 'link-command' | 'bot-roles' = 'oauth'): DiscordLinkEvent => ({
  type: 'ServerManagementProven',
  data: { userId: 'u1', discordUserId: D1, guildId, name: `Server ${guildId.at(-1)}`, icon: null, via, provenAt: at },
});
const seen = (guildId: string) => ({ guildId, name: `Server ${guildId.at(-1)}`, icon: null });
const prove = (servers: string[], complete = false, discordUserId = D1) =>
  ({
    type: 'ProveManagement',
    userId: 'u1',
    discordUserId,
    servers: servers.map(seen),
    via: complete ? 'oauth' : 'link-command',
    complete,
  }) as const;

describe('discord link decider (a panel user’s account and the servers it manages)', () => {
  const spec = deciderSpec(discordLinkDecider);

  it('links an account once; the same account again appends nothing, a new name or avatar refreshes it', () => {
    spec.given([]).when({ type: 'LinkAccount', userId: 'u1', account: account(), via: 'oauth' }).then([linked()]);
    spec
      .given([linked()])
      .when({ type: 'LinkAccount', userId: 'u1', account: account(), via: 'link-command' })
      .then([]);
    spec
      .given([linked()])
      .when({ type: 'LinkAccount', userId: 'u1', account: account(D1, 'alice', 'c3d4'), via: 'oauth' })
      .then([
        {
          type: 'DiscordProfileRefreshed',
          data: { userId: 'u1', discordUserId: D1, username: 'alice', avatar: 'c3d4', refreshedAt: at },
        },
      ]);
  });

  it('refuses a second Discord account for the same panel user', () => {
    spec
      .given([linked()])
      .when({ type: 'LinkAccount', userId: 'u1', account: account(D2), via: 'oauth' })
      .thenFails('conflict', discordTexts.alreadyLinked);
  });

  it('records each newly proven server once (proof is an event), and lapses what a whole OAuth list no longer shows', () => {
    spec
      .given([linked()])
      .when(prove([G1, G2], true))
      .then([
        { ...proven(G1), data: { ...proven(G1).data, via: 'oauth' } },
        { ...proven(G2), data: { ...proven(G2).data, via: 'oauth' } },
      ] as DiscordLinkEvent[]);
    spec
      .given([linked(), proven(G1), proven(G2)])
      .when(prove([G1, G3], true))
      .then([
        { ...proven(G3), data: { ...proven(G3).data, via: 'oauth' } },
        { type: 'ServerManagementLapsed', data: { userId: 'u1', discordUserId: D1, guildId: G2, lapsedAt: at } },
      ] as DiscordLinkEvent[]);
    // one server through /link leaves the others alone
    spec
      .given([linked(), proven(G1)])
      .when(prove([G2]))
      .then([proven(G2, 'link-command')]);
    spec
      .given([linked(), proven(G1)])
      .when(prove([G1]))
      .then([]);
  });

  it('refuses proofs for an account that is not (or no longer) the linked one', () => {
    spec
      .given([])
      .when(prove([G1]))
      .thenFails('conflict', discordTexts.notLinked);
    spec
      .given([linked()])
      .when(prove([G1], false, D2))
      .thenFails('conflict', discordTexts.notLinked);
  });

  it('unlinks with a reason, after which earlier proofs no longer count', () => {
    const unlinked: DiscordLinkEvent = {
      type: 'DiscordAccountUnlinked',
      data: { userId: 'u1', discordUserId: D1, reason: 'wrong account', unlinkedAt: at },
    };
    spec
      .given([linked(), proven(G1)])
      .when({ type: 'UnlinkAccount', userId: 'u1', reason: 'wrong account' })
      .then([unlinked]);
    spec
      .given([linked(), proven(G1), unlinked])
      .when({ type: 'UnlinkAccount', userId: 'u1', reason: 'again' })
      .thenFails('not_found', discordTexts.notLinkedForUser);
    // linked again: the old proofs are gone, so G1 is proven anew
    spec
      .given([linked(), proven(G1), unlinked, linked(D1)])
      .when(prove([G1]))
      .then([proven(G1, 'link-command')]);
  });
});
