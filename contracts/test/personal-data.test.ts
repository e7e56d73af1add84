import { expect } from 'chai';
import { personalStreams, personInStreamId, streamNamedInClear } from '../src/index.ts';

/** The new form (with its placeholder) of a stream named in clear, as the rewrite names it. */
const personalStreamOfLegacy = (streamId: string) => {
  const named = streamNamedInClear(streamId);
  return named ? named.renamed(`{${named.kind}:${named.id}}`) : null;
};

describe('personal streams: their new form, and the old one a rewrite starts from', () => {
  it('names a username reservation by the lowercase name, whatever case it was given in', () => {
    expect(personalStreams.username('Paula.Panel')).to.equal('username-{username:paula.panel}');
    expect(personInStreamId(personalStreams.username('Paula.Panel'))).to.deep.equal({
      before: 'username-',
      kind: 'username',
      id: 'paula.panel',
      after: '',
    });
  });

  it('gives the new form of each kind of personal stream written in clear before the codec', () => {
    expect(personalStreamOfLegacy('vip-700000000000000001-812345678901234567')).to.equal(
      personalStreams.vipRole('700000000000000001', '812345678901234567'),
    );
    expect(personalStreamOfLegacy('whitelist-700000000000000001-812345678901234567')).to.equal(
      personalStreams.whitelist('700000000000000001', '812345678901234567'),
    );
    expect(personalStreamOfLegacy('discord-account-812345678901234567')).to.equal(
      personalStreams.discordAccount('812345678901234567'),
    );
    expect(personalStreamOfLegacy('username-paula.panel')).to.equal(personalStreams.username('paula.panel'));
  });

  it('leaves every other stream alone, and a stream already in the new form', () => {
    for (const streamId of [
      'user-6f1c2a8e-0000-4000-8000-000000000001',
      'guild-700000000000000001',
      'privacy-erasures',
      personalStreams.username('paula.panel'),
      // a pseudonym as the store names a reservation in the new form
      'username-Xk3_fQ9aLm2-Tb7Q',
      personalStreams.vipRole('700000000000000001', '812345678901234567'),
    ])
      expect(personalStreamOfLegacy(streamId), streamId).to.equal(null);
  });
});
