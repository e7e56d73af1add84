import { announcementReadModels } from '@vip/contracts';
import {
  type BulkOperation,
  type Collection,
  type Document,
  type EventStore,
  type LooseDocument,
  readCheckpoints,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { allProjectors, rebuildReadModels } from '../src/index.ts';
import { announcement, metadata } from './support/sealed-events.ts';

/** What MongoDB answers a transaction too large for its cache or too old for its lifetime limit. */
class TransactionTooLarge extends Error {
  readonly errorLabels = ['TransientTransactionError'];
}

/**
 * A read store whose transactions behave as MongoDB's under withTransaction: one that writes
 * more than `abortAfter` documents is aborted (rolled back), and the abort being transient
 * the work runs again, up to `attempts` times, before the error reaches the caller. It says
 * how many documents a transaction should hold, as the MongoDB adapter does.
 */
class AbortingStore extends SqliteReadStore {
  private written = 0;
  private open = false;
  transactions = 0;
  largest = 0;

  constructor(
    private readonly abortAfter: number,
    readonly transactionDocumentLimit: number | undefined,
    private readonly attempts = 3,
  ) {
    super(':memory:');
  }

  get inTransaction(): boolean {
    return this.open;
  }

  override collection<T extends Document = LooseDocument>(name: string): Collection<T> {
    const inner = super.collection<T>(name);
    const count = (documents: number) => {
      if (!this.open) return;
      this.written += documents;
      if (this.written > this.abortAfter) throw new TransactionTooLarge('Transaction is too large');
    };
    return Object.assign(Object.create(inner), {
      bulkWrite: async (operations: BulkOperation<T>[], options?: object) => {
        count(operations.length);
        return inner.bulkWrite(operations, options);
      },
      updateOne: async (...args: Parameters<Collection<T>['updateOne']>) => {
        count(1);
        return inner.updateOne(...args);
      },
      insertOne: async (document: T) => {
        count(1);
        return inner.insertOne(document);
      },
    }) as Collection<T>;
  }

  override async transaction<R>(work: () => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await super.transaction(async () => {
          this.open = true;
          this.written = 0;
          try {
            const result = await work();
            this.transactions++;
            this.largest = Math.max(this.largest, this.written);
            return result;
          } finally {
            this.open = false;
          }
        });
      } catch (error) {
        if (!(error instanceof TransactionTooLarge) || attempt === this.attempts) throw error;
      }
    }
  }
}

/** The log, counting the pages read while a transaction of `store` is open. */
function countingReadsInTransactions(log: EventStore, store: AbortingStore) {
  const counted = { inTransaction: 0 };
  const wrapped = Object.assign(Object.create(log), {
    readAll: async (...args: Parameters<EventStore['readAll']>) => {
      if (store.inTransaction) counted.inTransaction++;
      return log.readAll(...args);
    },
  }) as EventStore;
  return { wrapped, counted };
}

/**
 * Issue #31 item 4: a rebuild applied 50,000 events in one transaction and read the log's
 * pages inside it; MongoDB aborts such a transaction (too large, or older than its 60 s
 * lifetime), the abort is transient, withTransaction runs it again in vain and the rebuild
 * never finishes. Each transaction now holds at most the store's limit of documents, and the
 * pages are read before it opens.
 */
describe('a rebuild on a store that aborts large transactions (issue #31 item 4)', function () {
  this.timeout(60_000);
  const announcements = 1_200;
  let log: SqliteEventStore;

  before(async () => {
    log = new SqliteEventStore(':memory:');
    for (let i = 0; i < announcements; i++)
      await log.append(`announcement-a${i}`, [{ ...announcement(`a${i}`), metadata }], 'no_stream');
  });
  after(() => log.close());

  it('finishes in transactions within the limit, read between them, with every document', async () => {
    const store = new AbortingStore(500, 300);
    const { wrapped, counted } = countingReadsInTransactions(log, store);
    const rebuilt = await rebuildReadModels(wrapped, store, allProjectors, { pageSize: 100 });
    expect(rebuilt.events).to.equal(announcements);
    expect(await store.collection(announcementReadModels.announcements).countDocuments()).to.equal(announcements);
    const checkpoints = await readCheckpoints(store);
    for (const projector of allProjectors)
      expect(checkpoints.get(projector.name), projector.name).to.equal(announcements);
    expect(store.largest).to.be.at.most(500);
    expect(store.transactions).to.be.greaterThan(1);
    expect(counted.inTransaction, 'pages read while a transaction was open').to.equal(0);
    await store.close();
  });

  it('the same store without a limit fails the rebuild, as MongoDB did', async () => {
    const store = new AbortingStore(500, undefined);
    const failed = await rebuildReadModels(log, store, allProjectors, { pageSize: 100 }).catch((error: Error) => error);
    expect(failed).to.be.instanceOf(TransactionTooLarge);
    expect((await readCheckpoints(store)).size, 'checkpoints moved').to.equal(0);
    await store.close();
  });
});
