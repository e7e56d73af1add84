import { expect } from 'chai';
import { waitText } from '../src/features/api/errorText.ts';
import { keepKey, keptKeyOf, keyPageSlot } from '../src/features/keys/keptKeys.ts';
import { visitorProblemOf } from '../src/features/keys/visitorProblems.ts';
import { retryAfterSecondsOf } from '../src/lib/http.ts';

/** A browser's localStorage, as far as the key page uses it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(name: string) {
    return this.items.get(name) ?? null;
  }
  setItem(name: string, value: string) {
    this.items.set(name, value);
  }
  removeItem(name: string) {
    this.items.delete(name);
  }
  names() {
    return [...this.items.keys()];
  }
}

describe('frontend: the keys a browser keeps, and what visitors read when a call fails', () => {
  const SERVER = '100000000000000001';
  const now = Date.parse('2026-11-28T10:00:00Z');
  const result = (expiresAt: string) => ({ key: 'KEY1-KEY1', noAds: false, tier: 'free' as const, expiresAt });
  let storage: MemoryStorage;
  const realWindow = (globalThis as { window?: unknown }).window;

  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { window?: unknown }).window = { localStorage: storage };
  });
  after(() => {
    (globalThis as { window?: unknown }).window = realWindow;
  });

  it('keeps a key per page until it expires, for its own server only', () => {
    const link = keyPageSlot(SERVER, 'AAAA-BBBB');
    keepKey(link, SERVER, result('2026-11-29T10:00:00Z'), now);
    expect(keptKeyOf(link, SERVER, now)).to.include({ key: 'KEY1-KEY1', serverId: SERVER });
    // another link, the server's own page, another server: nothing
    expect(keptKeyOf(keyPageSlot(SERVER, 'CCCC-DDDD'), SERVER, now)).to.equal(null);
    expect(keptKeyOf(keyPageSlot(SERVER, undefined), SERVER, now)).to.equal(null);
    expect(keptKeyOf(link, '100000000000000002', now)).to.equal(null);
    // expired: gone, and forgotten
    expect(keptKeyOf(link, SERVER, Date.parse('2026-11-29T10:00:00Z'))).to.equal(null);
    expect(storage.names()).to.deep.equal([]);
  });

  it('lets go of the expired keys of other pages when it keeps a new one', () => {
    keepKey(keyPageSlot(SERVER, 'OLD'), SERVER, result('2026-11-28T09:00:00Z'), now - 86_400_000);
    keepKey(keyPageSlot(SERVER, 'LIVE'), SERVER, result('2026-11-29T09:00:00Z'), now);
    storage.setItem('unrelated', 'kept');
    keepKey(keyPageSlot(SERVER, 'NEW'), SERVER, result('2026-11-29T10:00:00Z'), now);
    expect(storage.names().sort()).to.deep.equal(
      [keyPageSlot(SERVER, 'LIVE'), keyPageSlot(SERVER, 'NEW'), 'unrelated'].sort(),
    );
  });

  it('ignores what it cannot read, and works without storage at all', () => {
    storage.setItem(keyPageSlot(SERVER, 'BAD'), '{not json');
    expect(keptKeyOf(keyPageSlot(SERVER, 'BAD'), SERVER, now)).to.equal(null);
    (globalThis as { window?: unknown }).window = undefined;
    keepKey(keyPageSlot(SERVER, 'X'), SERVER, result('2026-11-29T10:00:00Z'), now);
    expect(keptKeyOf(keyPageSlot(SERVER, 'X'), SERVER, now)).to.equal(null);
  });

  it('reads Retry-After as seconds or as a date, and says the wait in words', () => {
    expect(retryAfterSecondsOf('42')).to.equal(42);
    expect(retryAfterSecondsOf(new Date(now + 90_000).toUTCString(), now)).to.equal(90);
    expect(retryAfterSecondsOf('soon')).to.equal(undefined);
    expect(retryAfterSecondsOf(null)).to.equal(undefined);
    expect([waitText(1), waitText(42), waitText(60), waitText(61)]).to.deep.equal([
      '1 second',
      '42 seconds',
      '1 minute',
      '2 minutes',
    ]);
  });

  it('tells apart the problems a visitor can and cannot fix by trying again', () => {
    const failure = (status: number, data: unknown, retryAfterSeconds?: number) => ({
      status,
      data,
      retryAfterSeconds,
    });
    expect(
      visitorProblemOf(failure(429, { error: 'Too many requests, please try again later' }, 42), 'x'),
    ).to.deep.equal({
      kind: 'tooMany',
      message: 'Too many requests: please wait 42 seconds, then try again.',
      retryAfterSeconds: 42,
    });
    expect(
      visitorProblemOf(failure(429, { error: 'Too many requests, please try again later' }), 'x').message,
    ).to.equal('Too many requests, please try again later');
    expect(
      visitorProblemOf(failure(404, { error: 'Bot not in server', code: 'bot_not_in_server' }), 'x'),
    ).to.deep.equal({
      kind: 'botMissing',
      message: 'Bot not in server',
    });
    expect(visitorProblemOf(failure(404, { error: 'Invalid or expired hash', code: 'unknown' }), 'x').kind).to.equal(
      'unknownLink',
    );
    expect(visitorProblemOf(failure(403, { error: 'suspended', code: 'server_suspended' }), 'x').kind).to.equal(
      'suspended',
    );
    expect(visitorProblemOf({ status: 'FETCH_ERROR', data: null }, 'Failed to generate key')).to.deep.equal({
      kind: 'failed',
      message: 'Failed to generate key',
    });
  });
});
