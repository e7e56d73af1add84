import { systemActor } from '@vip/contracts';
import { createLogger, type EventStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { PersonalDataEventStore } from '@vip/platform/privacy/personal-data-event-store.ts';
import { SqlitePersonalKeys } from '@vip/platform/privacy/sqlite-personal-keys.ts';
import { expect } from 'chai';
import { countingReads } from '../../../test/support/counting-event-store.ts';
import {
  bootstrapAdminWhenWritable,
  loadCredentials,
  registerUser,
  reservedUserId,
} from '../../src/auth/auth.commands.ts';

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

describe('signing in by username', () => {
  it('reads the name’s reservation and the account’s stream only, however many accounts the log holds', async () => {
    const log = countingReads(new SqliteEventStore(':memory:'));
    const store = new PersonalDataEventStore(log.store, new SqlitePersonalKeys(':memory:'));
    const context = { now: new Date(), metadata: { correlationId: 'c', causationId: 'c', actor: systemActor } };
    const ids: string[] = [];
    for (let n = 0; n < 12; n++)
      ids.push(
        (await registerUser(store, { username: `Member${n}`, password: `password-${n}-long`, isAdmin: false }, context))
          .userId,
      );
    log.reset();
    const signedIn = await loadCredentials({ eventStore: store }, 'mEmBeR7');
    expect(signedIn).to.include({ userId: ids[7], username: 'Member7', isAdmin: false });
    expect(log.events(), JSON.stringify(log.calls())).to.equal(2);
    expect(log.calls().map((call) => call.streamId.split('-')[0])).to.deep.equal(['username', 'user']);
    expect(await loadCredentials({ eventStore: store }, 'nobody')).to.equal(null);
    await store.close();
  });
});
