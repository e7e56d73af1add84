import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../src/config.ts';
import { MongoVisitorDayKeys } from '../src/privacy/mongo-visitor-day-keys.ts';
import { SqlitePersonalKeys } from '../src/privacy/sqlite-personal-keys.ts';
import { SqliteVisitorDayKeys } from '../src/privacy/sqlite-visitor-day-keys.ts';
import { MemoryVisitorDayKeys, type VisitorDayKeys, VisitorDigests } from '../src/privacy/visitor-day-keys.ts';

const ADDRESS = '203.0.113.7';
const at = (iso: string) => new Date(iso);

/** One contract for every VisitorDayKeys adapter, through VisitorDigests with a clock given per call. */
function visitorDayKeysContract(
  name: string,
  open: () => Promise<{ keys: VisitorDayKeys; drop?: () => Promise<void> }>,
) {
  describe(`visitors' day keys: ${name}`, () => {
    let keys: VisitorDayKeys;
    let drop: (() => Promise<void>) | undefined;
    beforeEach(async () => {
      ({ keys, drop } = await open());
    });
    afterEach(async () => {
      await drop?.();
      await keys.close();
    });

    it('gives an address one digest a day, another the next day, and each address its own', async () => {
      const digests = new VisitorDigests(keys, 30);
      const morning = await digests.of(ADDRESS, at('2026-03-01T00:00:01Z'));
      expect(morning).to.match(/^[0-9a-f]{64}$/);
      expect(await digests.of(ADDRESS, at('2026-03-01T23:59:59Z'))).to.equal(morning);
      const nextDay = await digests.of(ADDRESS, at('2026-03-02T00:00:01Z'));
      expect(nextDay).to.not.equal(morning);
      expect(await digests.of('203.0.113.8', at('2026-03-01T12:00:00Z'))).to.not.equal(morning);
      // a rule looking back across midnight finds the day before's digest
      expect(await digests.ofDayBefore(ADDRESS, at('2026-03-02T00:00:01Z'))).to.equal(morning);
      // another process on the same store computes the same digests
      expect(await new VisitorDigests(keys, 30).of(ADDRESS, at('2026-03-01T18:00:00Z'))).to.equal(morning);
    });

    it('has no digest of a day without visits, and makes none for it', async () => {
      const digests = new VisitorDigests(keys, 30);
      expect(await digests.ofDayBefore(ADDRESS, at('2026-04-10T00:00:01Z'))).to.equal(null);
      expect(await keys.find('2026-04-09')).to.equal(null);
    });

    it('destroys a day key once the day passes the retention, and never makes it again', async () => {
      const digests = new VisitorDigests(keys, 3);
      const first = await digests.of(ADDRESS, at('2026-05-01T00:00:00Z'));
      await digests.of(ADDRESS, at('2026-05-02T10:00:00Z'));
      // 05-01 is one of the last three days on 05-03: kept
      expect(await digests.forgetExpired(at('2026-05-03T23:59:59Z'))).to.equal(0);
      expect(await keys.find('2026-05-01')).to.not.equal(null);
      // on 05-04 it is past them: destroyed, with every earlier day
      expect(await digests.forgetExpired(at('2026-05-04T00:00:00Z'))).to.equal(1);
      expect(await keys.find('2026-05-01')).to.equal(null);
      expect(await keys.find('2026-05-02')).to.not.equal(null);
      expect(await digests.forgetExpired(at('2026-05-04T00:00:00Z'))).to.equal(0);
      // a process that held the key in memory holds it no more: nobody gets that day's digests again
      expect(await digests.ofDayBefore(ADDRESS, at('2026-05-02T00:00:01Z'))).to.equal(null);
      expect(await new VisitorDigests(keys, 3).ofDayBefore(ADDRESS, at('2026-05-02T00:00:01Z'))).to.equal(null);
      expect(first).to.have.length(64);
    });
  });
}

describe("visitors' day keys", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vip-visitor-days-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  visitorDayKeysContract('memory', async () => ({ keys: new MemoryVisitorDayKeys() }));
  let file = 0;
  visitorDayKeysContract('embedded SQLite', async () => ({
    keys: new SqliteVisitorDayKeys(join(dir, `keys-${file++}.sqlite`)),
  }));
  const url = process.env.MONGODB_URL;
  if (url)
    visitorDayKeysContract('MongoDB', async () => {
      const { MongoClient } = await import('mongodb');
      const client = await MongoClient.connect(url);
      const db = client.db('vip_access_visitor_day_keys_contract');
      await db.collection('visitor_day_keys').deleteMany({});
      return { keys: new MongoVisitorDayKeys(db), drop: () => client.close() };
    });

  it("leaves no byte of a destroyed day key in the key store's files, beside the persons' entries", async () => {
    const keysFile = join(dir, 'personal-keys.sqlite');
    const persons = new SqlitePersonalKeys(keysFile);
    await persons.entriesFor(['discord:111111111111111111']);
    const days = new SqliteVisitorDayKeys(keysFile);
    const digests = new VisitorDigests(days, 2);
    const dayKeys: Buffer[] = [];
    for (let day = 1; day <= 5; day++) {
      await digests.of(ADDRESS, at(`2026-06-0${day}T12:00:00Z`));
      dayKeys.push((await days.find(`2026-06-0${day}`))!);
    }
    const bytes = () =>
      Buffer.concat(
        ['', '-wal'].map((suffix) => {
          try {
            return readFileSync(`${keysFile}${suffix}`);
          } catch {
            return Buffer.alloc(0);
          }
        }),
      );
    // the scan finds a key that is there
    expect(bytes().includes(dayKeys[0])).to.equal(true);

    expect(await digests.forgetExpired(at('2026-06-05T08:00:00Z'))).to.equal(3);
    for (const key of dayKeys.slice(0, 3)) expect(bytes().includes(key)).to.equal(false);
    // the days still within the retention, and the persons' entries, are untouched
    for (const key of dayKeys.slice(3)) expect(bytes().includes(key)).to.equal(true);
    expect(await persons.find('discord:111111111111111111')).to.not.equal(null);
    await days.close();
    await persons.close();
    for (const key of dayKeys.slice(0, 3)) expect(bytes().includes(key)).to.equal(false);
  });

  it('refuses a retention shorter than two days', () => {
    expect(() => new VisitorDigests(new MemoryVisitorDayKeys(), 1)).to.throw(/at least 2 days/);
  });
});

describe('VISITOR_RETENTION_DAYS', () => {
  const days = (value?: string) => loadConfig({ VISITOR_RETENTION_DAYS: value }).visitorRetentionDays;

  it('is 30 days unless set, and takes a whole number of days', () => {
    expect(days()).to.equal(30);
    expect(days('')).to.equal(30);
    expect(days('2')).to.equal(2);
    expect(days(' 90 ')).to.equal(90);
  });

  for (const bad of ['1', '0', '-3', '2.5', '1e3', 'thirty', '3651', '0x10'])
    it(`refuses "${bad}" with a message naming the variable and what it takes`, () => {
      expect(() => days(bad)).to.throw(
        `VISITOR_RETENTION_DAYS must be a whole number of days from 2 to 3650 (how long a visitor's hashed address stays linkable to it), got "${bad}"`,
      );
    });
});
