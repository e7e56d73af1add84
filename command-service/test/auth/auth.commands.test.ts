import { createLogger, type EventStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { bootstrapAdminWhenWritable, reservedUserId } from '../../src/auth/auth.commands.ts';

/** The store, refusing its first `failures` reads and appends as a log still starting would. */
function starting(store: EventStore, failures: number, calls: string[]): EventStore {
  const refuse = (call: string) => {
    calls.push(call);
    if (failures-- > 0) throw new Error('the log is not accepting requests yet');
  };
  return Object.assign(Object.create(store) as EventStore, {
    readStream: async (...args: Parameters<EventStore['readStream']>) => {
      refuse('read');
      return store.readStream(...args);
    },
    append: async (...args: Parameters<EventStore['append']>) => {
      refuse('append');
      return store.append(...args);
    },
  });
}

const logger = createLogger('bootstrap-test', 'silent');
const config = { adminUsername: 'admin', adminPassword: 'admin-password-1' };

/**
 * Issue #19 item 17: a command-service that started while EventStoreDB did not accept writes
 * yet skipped the admin bootstrap for good ("admin bootstrap skipped"), leaving a fresh
 * deployment nobody could sign in to. It is tried again until the log accepts it.
 */
describe('the first admin, while the log is still starting', () => {
  it('is created once the log accepts writes, after as many tries as it took', async () => {
    const store = new SqliteEventStore(':memory:');
    const calls: string[] = [];
    await bootstrapAdminWhenWritable(starting(store, 4, calls), config, logger, { firstRetryMs: 1 });
    expect(await reservedUserId(store, 'admin')).to.be.a('string');
    expect(calls.slice(0, 4)).to.deep.equal(['read', 'read', 'read', 'read']);
    await store.close();
  });

  it('stops trying when asked to (the service shuts down)', async () => {
    const store = new SqliteEventStore(':memory:');
    const stop = new AbortController();
    const calls: string[] = [];
    const trying = bootstrapAdminWhenWritable(starting(store, Number.POSITIVE_INFINITY, calls), config, logger, {
      firstRetryMs: 1,
      signal: stop.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await trying;
    const tried = calls.length;
    expect(tried).to.be.greaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).to.equal(tried);
    await store.close();
  });

  it('gives up on a password the rules refuse, which no retry can mend', async () => {
    const store = new SqliteEventStore(':memory:');
    const failure = await bootstrapAdminWhenWritable(
      store,
      { adminUsername: 'admin', adminPassword: 'short' },
      logger,
      { firstRetryMs: 1 },
    ).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure).to.be.instanceOf(Error);
    expect(await reservedUserId(store, 'admin')).to.equal(null);
    await store.close();
  });
});
