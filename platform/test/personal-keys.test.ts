import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MongoPersonalKeys } from '../src/privacy/mongo-personal-keys.ts';
import { MemoryPersonalKeys, type PersonalKeys } from '../src/privacy/personal-keys.ts';
import { SqlitePersonalKeys } from '../src/privacy/sqlite-personal-keys.ts';

/** One contract for every PersonalKeys adapter (the key store apart from the log). */
function personalKeysContract(name: string, open: () => Promise<PersonalKeys>): void {
  describe(`PersonalKeys contract: ${name}`, () => {
    let keys: PersonalKeys;
    // unique per test, so the suite can run against a MongoDB holding other data
    let person: string;
    beforeEach(async () => {
      keys = await open();
      person = `discord:${randomUUID()}`;
    });
    afterEach(() => keys.close());

    it('makes an entry on first use and hands the same one out after', async () => {
      expect(await keys.find(person)).to.equal(null);
      const made = (await keys.entriesFor([person, person])).get(person)!;
      expect(made.key).to.have.length(32);
      expect(made.pseudonym).to.be.a('string').and.not.include(person.slice('discord:'.length));
      const again = (await keys.entriesFor([person])).get(person)!;
      expect(again.pseudonym).to.equal(made.pseudonym);
      expect(Buffer.compare(again.key, made.key)).to.equal(0);
      expect((await keys.find(person))?.pseudonym).to.equal(made.pseudonym);
    });

    it('gives each person a key and pseudonym of their own', async () => {
      const other = `discord:${randomUUID()}`;
      const entries = await keys.entriesFor([person, other]);
      expect(entries.get(person)!.pseudonym).to.not.equal(entries.get(other)!.pseudonym);
      expect(Buffer.compare(entries.get(person)!.key, entries.get(other)!.key)).to.not.equal(0);
    });

    it('finds keys by pseudonym, leaving unknown ones out', async () => {
      const entry = (await keys.entriesFor([person])).get(person)!;
      const found = await keys.keysOf([entry.pseudonym, 'no-such-pseudonym']);
      expect([...found.keys()]).to.deep.equal([entry.pseudonym]);
      expect(Buffer.compare(found.get(entry.pseudonym)!, entry.key)).to.equal(0);
    });

    it('forgets a person for good: the key is gone, a second erasure finds nothing, a return is a new person', async () => {
      const entry = (await keys.entriesFor([person])).get(person)!;
      expect(await keys.forget(person)).to.equal(true);
      expect(await keys.find(person)).to.equal(null);
      expect((await keys.keysOf([entry.pseudonym])).size).to.equal(0);
      expect(await keys.forget(person)).to.equal(false);
      const returned = (await keys.entriesFor([person])).get(person)!;
      expect(returned.pseudonym).to.not.equal(entry.pseudonym);
    });
  });
}

describe('personal key store adapters', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vip-personal-keys-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  personalKeysContract('memory', async () => new MemoryPersonalKeys());
  personalKeysContract('embedded SQLite', async () => new SqlitePersonalKeys(join(dir, 'personal-keys.sqlite')));

  const url = process.env.MONGODB_URL;
  if (url) {
    personalKeysContract('MongoDB', () => MongoPersonalKeys.connect(url, 'vip_access_personal_keys_contract'));
  } else {
    describe('PersonalKeys contract: MongoDB', () => {
      it('runs against a real MongoDB', function () {
        console.log('MONGODB_URL is not set: the MongoDB personal key store contract run is skipped');
        this.skip();
      });
    });
  }
});
