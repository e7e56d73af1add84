import { keyErrorCodes, keyTexts } from '@vip/contracts';
import type { DomainError } from '@vip/platform';
import { expect } from 'chai';
import { type KeyCommand, keyDecider } from '../../src/keys/key.decider.ts';
import type { KeyEvent } from '../../src/keys/key.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(keyDecider);
const codeOf = (history: KeyEvent[], command: KeyCommand) => {
  try {
    keyDecider.decide(command, history.reduce(keyDecider.evolve, keyDecider.initialState()), NOW);
  } catch (error) {
    return (error as DomainError).code;
  }
  return null;
};
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000).toISOString();
const GUILD = '111111111111111111';
const MEMBER = '333333333333333333';

const generate: KeyCommand = {
  type: 'GenerateKey',
  keyDigest: 'k1',
  guildId: GUILD,
  botInServer: true,
  tier: 'free',
  lifetimeHours: 24,
  visitorDigest: 'v1',
  accessHashDigest: null,
};
const generated = (expiresAt = hours(24)): KeyEvent => ({
  type: 'KeyGenerated',
  data: {
    keyDigest: 'k1',
    guildId: GUILD,
    tier: 'free',
    noAds: false,
    expiresAt,
    generatedAt: hours(-1),
    visitorDigest: 'v1',
    accessHashDigest: null,
  },
});
const redeem = { type: 'RedeemKey', keyDigest: 'k1', guildId: GUILD, discordUserId: MEMBER } as const;
const redeemed: KeyEvent = {
  type: 'KeyRedeemed',
  data: { keyDigest: 'k1', guildId: GUILD, discordUserId: MEMBER, redeemedAt: hours(-0.5) },
};

describe('key decider', () => {
  describe('generating a key', () => {
    it('generates a free key valid for the configured hours', () => {
      spec
        .given([])
        .when(generate)
        .then([
          {
            type: 'KeyGenerated',
            data: {
              keyDigest: 'k1',
              guildId: GUILD,
              tier: 'free',
              noAds: false,
              expiresAt: hours(24),
              generatedAt: NOW.toISOString(),
              visitorDigest: 'v1',
              accessHashDigest: null,
            },
          },
        ]);
    });

    it('generates a premium key without ads, remembering the link it came through', () => {
      spec
        .given([])
        .when({ ...generate, tier: 'premium', accessHashDigest: 'h1', lifetimeHours: 2 })
        .then([
          {
            type: 'KeyGenerated',
            data: {
              keyDigest: 'k1',
              guildId: GUILD,
              tier: 'premium',
              noAds: true,
              expiresAt: hours(2),
              generatedAt: NOW.toISOString(),
              visitorDigest: 'v1',
              accessHashDigest: 'h1',
            },
          },
        ]);
    });

    it('refuses a server the bot is not in', () => {
      spec
        .given([])
        .when({ ...generate, botInServer: false })
        .thenFails('not_found', keyTexts.botNotInServer);
    });

    it('never generates the same key twice', () => {
      spec.given([generated()]).when(generate).thenFails('conflict', 'This key already exists');
    });
  });

  describe('redeeming a key', () => {
    it('redeems a valid key for the member', () => {
      spec
        .given([generated()])
        .when(redeem)
        .then([
          {
            type: 'KeyRedeemed',
            data: { keyDigest: 'k1', guildId: GUILD, discordUserId: MEMBER, redeemedAt: NOW.toISOString() },
          },
        ]);
    });

    it('does not know a key that was never generated', () => {
      spec.given([]).when(redeem).thenFails('not_found', keyTexts.unknownKey);
    });

    it('refuses a key another member redeemed', () => {
      spec
        .given([generated(), redeemed])
        .when({ ...redeem, discordUserId: '444444444444444444' })
        .thenFails('conflict', keyTexts.usedKey);
    });

    it('records nothing new when the member who redeemed it asks again (the VIP decider says whether a role is owed)', () => {
      spec.given([generated(), redeemed]).when(redeem).then([]);
      spec
        .given([generated(hours(-1)), redeemed])
        .when(redeem)
        .then([]);
    });

    it('refuses an expired key, from the very moment it expires', () => {
      spec
        .given([generated(hours(0))])
        .when(redeem)
        .thenFails('gone', keyTexts.expiredKey);
      spec
        .given([generated(hours(-1))])
        .when(redeem)
        .thenFails('gone', keyTexts.expiredKey);
    });

    it('refuses a key of another server, whatever else is true of it', () => {
      const elsewhere = { ...redeem, guildId: '222222222222222222' };
      spec.given([generated()]).when(elsewhere).thenFails('conflict', keyTexts.wrongServer);
      spec
        .given([generated(hours(-1))])
        .when(elsewhere)
        .thenFails('conflict', keyTexts.wrongServer);
      spec.given([generated(), redeemed]).when(elsewhere).thenFails('conflict', keyTexts.wrongServer);
    });

    it('says used rather than expired when both are true', () => {
      spec
        .given([generated(hours(-1)), redeemed])
        .when({ ...redeem, discordUserId: '444444444444444444' })
        .thenFails('conflict', keyTexts.usedKey);
    });
  });

  it('gives every refusal the code the key bot branches on', () => {
    expect(codeOf([], { ...generate, botInServer: false })).to.equal(keyErrorCodes.botNotInServer);
    expect(codeOf([], redeem)).to.equal(keyErrorCodes.unknownKey);
    expect(codeOf([generated(hours(-1))], redeem)).to.equal(keyErrorCodes.expiredKey);
    expect(codeOf([generated(), redeemed], { ...redeem, discordUserId: '444444444444444444' })).to.equal(
      keyErrorCodes.usedKey,
    );
    expect(codeOf([generated()], { ...redeem, guildId: '222222222222222222' })).to.equal(keyErrorCodes.wrongServer);
  });
});
