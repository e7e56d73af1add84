import { discordTexts } from '@vip/contracts';
import { linkCodeDecider } from '../../src/discord/link-code.decider.ts';
import type { LinkCodeEvent } from '../../src/discord/link-code.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const D1 = '500000000000000001';
const G1 = '100000000000000001';
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
