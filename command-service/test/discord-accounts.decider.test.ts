import { expect } from 'chai';
import { discordTexts } from '@vip/contracts';
import { DomainError, Keyring, digestOf } from '@vip/platform';
import { discordLinkDecider } from '../src/discord-accounts/discord-account.decider.ts';
import type { DiscordLinkEvent } from '../src/discord-accounts/discord-account.state.ts';
import {
  discordReservationDecider,
  type DiscordReservationEvent,
} from '../src/discord-accounts/discord-reservation.decider.ts';
import { linkCodeDecider, type LinkCodeEvent } from '../src/discord-accounts/link-code.decider.ts';
import { managementCheckDecider, type ManagementCheckEvent } from '../src/discord-accounts/management-check.decider.ts';
import { issueSignInState, signInDecider, verifySignInState } from '../src/discord-accounts/sign-in-state.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

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

describe('discord account reservation (one panel user per Discord account)', () => {
  const spec = deciderSpec(discordReservationDecider);
  const reserved = (userId: string): DiscordReservationEvent => ({
    type: 'DiscordAccountReserved',
    data: { discordUserId: D1, userId, reservedAt: at },
  });

  it('reserves for the first user, again for the same user is a no-op, another user is refused', () => {
    spec
      .given([])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([reserved('u1')]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u2' })
      .thenFails('conflict', discordTexts.accountTaken);
  });

  it('frees only the holder’s reservation; a freed account can be reserved by someone else', () => {
    const freed: DiscordReservationEvent = {
      type: 'DiscordAccountFreed',
      data: { discordUserId: D1, userId: 'u1', freedAt: at },
    };
    spec
      .given([reserved('u1')])
      .when({ type: 'FreeDiscordAccount', discordUserId: D1, userId: 'u2' })
      .then([]);
    spec
      .given([reserved('u1')])
      .when({ type: 'FreeDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([freed]);
    spec
      .given([reserved('u1'), freed])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u2' })
      .then([reserved('u2')]);
  });
});

describe('link code decider (one use, ten minutes)', () => {
  const spec = deciderSpec(linkCodeDecider);
  const issued: LinkCodeEvent = {
    type: 'LinkCodeIssued',
    data: { codeDigest: 'd1', userId: 'u1', issuedAt: at, expiresAt: new Date(NOW.getTime() + 600_000).toISOString() },
  };
  const use = { type: 'UseLinkCode', codeDigest: 'd1', discordUserId: D1, guildId: G1 } as const;
  const used: LinkCodeEvent = {
    type: 'LinkCodeUsed',
    data: { codeDigest: 'd1', userId: 'u1', discordUserId: D1, guildId: G1, usedAt: at },
  };

  it('uses a fresh code for its user', () => {
    spec.given([issued]).when(use).then([used]);
  });

  it('refuses unknown, used and expired codes, each in its own words', () => {
    spec.given([]).when(use).thenFails('not_found', discordTexts.unknownCode);
    spec.given([issued, used]).when(use).thenFails('gone', discordTexts.usedCode);
    deciderSpec(linkCodeDecider, new Date(NOW.getTime() + 600_000))
      .given([issued])
      .when(use)
      .thenFails('gone', discordTexts.expiredCode);
  });
});

describe('management check decider (the key bot reads a member’s roles)', () => {
  const spec = deciderSpec(managementCheckDecider);
  const requested: ManagementCheckEvent = {
    type: 'ManagementCheckRequested',
    data: { checkId: 'c1', userId: 'u1', discordUserId: D1, guildId: G1, requestedAt: at },
  };

  it('is answered once with what the bot saw', () => {
    const answered: ManagementCheckEvent = {
      type: 'ManagementCheckAnswered',
      data: { checkId: 'c1', userId: 'u1', discordUserId: D1, guildId: G1, manages: true, answeredAt: at },
    };
    spec.given([requested]).when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: true }).then([answered]);
    spec.given([requested, answered]).when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: false }).then([]);
    spec
      .given([])
      .when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: true })
      .thenFails('not_found', discordTexts.checkUnknown);
  });
});

describe('sign-in with Discord: the state bound to the browser', () => {
  const keyring = new Keyring('test-secret');
  const intent = {
    intent: 'sign-in' as const,
    userId: null,
    redirectUri: 'https://vip.example/auth/discord/callback',
    expiresAt: NOW.getTime() + 600_000,
  };
  const refusal = (work: () => unknown): DomainError => {
    try {
      work();
    } catch (error) {
      expect(error).to.be.instanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error('expected a refusal');
  };

  it('verifies with the nonce of the browser that started it', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    expect(verifySignInState(keyring, state, nonce, NOW)).to.include({ intent: 'sign-in', userId: null });
  });

  it('refuses a state from another browser, an edited or foreign one, and one without its cookie', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    const other = issueSignInState(keyring, intent);
    expect(refusal(() => verifySignInState(keyring, state, other.nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
    expect(refusal(() => verifySignInState(keyring, state, undefined, NOW)).message).to.equal(discordTexts.stateForged);
    const [payload, signature] = state.split('.');
    const edited = `${Buffer.from(JSON.stringify({ ...intent, intent: 'connect', userId: 'u2' })).toString('base64url')}.${signature}`;
    expect(refusal(() => verifySignInState(keyring, edited, nonce, NOW)).message).to.equal(discordTexts.stateForged);
    const foreign = issueSignInState(new Keyring('another-deployment'), intent);
    expect(refusal(() => verifySignInState(keyring, foreign.state, foreign.nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
    expect(refusal(() => verifySignInState(keyring, `${payload}`, nonce, NOW)).message).to.equal(
      discordTexts.stateForged,
    );
  });

  it('refuses a state past its ten minutes', () => {
    const { state, nonce } = issueSignInState(keyring, intent);
    const late = new Date(intent.expiresAt);
    expect(refusal(() => verifySignInState(keyring, state, nonce, late)).message).to.equal(discordTexts.stateExpired);
  });

  it('is completed once: a replay finds it completed', () => {
    const { state } = issueSignInState(keyring, intent);
    const spec = deciderSpec(signInDecider);
    const completed = {
      type: 'DiscordSignInCompleted' as const,
      data: { stateDigest: digestOf(state), userId: 'u1', discordUserId: D1, completedAt: at },
    };
    spec.given([]).when({ type: 'CompleteSignIn', state, userId: 'u1', discordUserId: D1 }).then([completed]);
    spec
      .given([completed])
      .when({ type: 'CompleteSignIn', state, userId: 'u1', discordUserId: D1 })
      .thenFails('conflict', discordTexts.stateUsed);
  });
});
