import { keyErrorCodes, keyTexts } from '@vip/contracts';
import type { DomainError } from '@vip/platform';
import { expect } from 'chai';
import { type AccessHashCommand, accessHashDecider } from '../../src/keys/access-hash.decider.ts';
import type { AccessHashEvent } from '../../src/keys/access-hash.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(accessHashDecider);
const codeOf = (history: AccessHashEvent[], command: AccessHashCommand) => {
  try {
    accessHashDecider.decide(command, history.reduce(accessHashDecider.evolve, accessHashDecider.initialState()), NOW);
  } catch (error) {
    return (error as DomainError).code;
  }
  return null;
};
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
const GUILD = '111111111111111111';

const issued = (expiresAt = minutes(30)): AccessHashEvent => ({
  type: 'AccessHashIssued',
  data: { hashDigest: 'h1', guildId: GUILD, issuedAt: minutes(-1), expiresAt },
});
const used: AccessHashEvent = {
  type: 'AccessHashUsed',
  data: { hashDigest: 'h1', guildId: GUILD, keyDigest: 'k0', usedAt: minutes(0) },
};
const issue = {
  type: 'IssueAccessHash',
  hashDigest: 'h1',
  guildId: GUILD,
  botInServer: true,
  lifetimeMinutes: 30,
} as const;
const use = { type: 'UseAccessHash', hashDigest: 'h1', guildId: GUILD, keyDigest: 'k1' } as const;

describe('access hash decider', () => {
  describe('issuing a link', () => {
    it('issues a hash valid for the configured minutes from now', () => {
      spec
        .given([])
        .when(issue)
        .then([
          {
            type: 'AccessHashIssued',
            data: { hashDigest: 'h1', guildId: GUILD, issuedAt: NOW.toISOString(), expiresAt: minutes(30) },
          },
        ]);
    });

    it('refuses a server the bot is not in', () => {
      spec
        .given([])
        .when({ ...issue, botInServer: false })
        .thenFails('not_found', keyTexts.botNotInServer);
    });

    it('never issues the same hash twice', () => {
      spec.given([issued()]).when(issue).thenFails('conflict', 'This access hash already exists');
    });
  });

  describe('using a link to generate a key', () => {
    it('marks a valid hash used by the key generated through it', () => {
      spec
        .given([issued()])
        .when(use)
        .then([
          {
            type: 'AccessHashUsed',
            data: { hashDigest: 'h1', guildId: GUILD, keyDigest: 'k1', usedAt: NOW.toISOString() },
          },
        ]);
    });

    it('does not know a hash that was never issued', () => {
      spec.given([]).when(use).thenFails('not_found', keyTexts.invalidHash);
    });

    it('does not accept a hash issued for another server', () => {
      spec
        .given([issued()])
        .when({ ...use, guildId: '222222222222222222' })
        .thenFails('not_found', keyTexts.invalidHash);
    });

    it('refuses a hash used already', () => {
      spec.given([issued(), used]).when(use).thenFails('gone', keyTexts.hashUsed);
    });

    it('refuses an expired hash, from the very minute it expires', () => {
      spec
        .given([issued(minutes(0))])
        .when(use)
        .thenFails('gone', keyTexts.hashExpired);
      spec
        .given([issued(minutes(-5))])
        .when(use)
        .thenFails('gone', keyTexts.hashExpired);
    });

    it('says used rather than expired when both are true', () => {
      spec
        .given([issued(minutes(-5)), used])
        .when(use)
        .thenFails('gone', keyTexts.hashUsed);
    });
  });

  it('gives every refusal the code the hash check answers too', () => {
    expect(codeOf([], { ...issue, botInServer: false })).to.equal(keyErrorCodes.botNotInServer);
    expect(codeOf([], use)).to.equal('unknown');
    expect(codeOf([issued(minutes(-5))], use)).to.equal('expired');
    expect(codeOf([issued(), used], use)).to.equal('used');
  });
});
