import { type AuditDocument, type AuditQuery, auditReadModels } from '@vip/contracts';
import type { Collection, Filter, FindOptions, IndexSpec, ReadStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, ProjectionRunner } from '@vip/projections';
import { expect } from 'chai';
import { pino } from 'pino';
import { auditProjector } from '../../projections/src/read-models/audit/audit.projector.ts';
import {
  auditPage,
  KEY_LIFE_MAX,
  keyLife,
  SETTINGS_HISTORY_MAX,
  settingsEvents,
} from '../../query-service/src/audit/audit.queries.ts';
import { auditEvents } from '../../query-service/src/audit/audit-view.ts';
import { settingsHistory } from '../../query-service/src/audit/settings-history.ts';
import { writeMixedLog } from '../support/mixed-log.ts';

const declared: readonly IndexSpec[] = auditProjector.indexes![auditReadModels.audit];
const isRange = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  Object.keys(value).every((op) => ['$gt', '$gte', '$lt', '$lte'].includes(op));

/**
 * Whether one declared index answers the query without a scan or a sort: its first fields are
 * the query's equalities, the next ones its sort (all in the index's directions, or all
 * reversed), and any range lies on a sorted field.
 */
function answeredByIndex(filter: Filter, sort: FindOptions['sort'] = {}): boolean {
  const equal = Object.keys(filter).filter((field) => !isRange(filter[field]));
  const ranges = Object.keys(filter).filter((field) => isRange(filter[field]));
  const sorted = Object.entries(sort);
  return declared.some((index) => {
    const fields = Object.entries(index);
    const lead = new Set(fields.slice(0, equal.length).map(([field]) => field));
    if (!equal.every((field) => lead.has(field))) return false;
    const rest = fields.slice(equal.length, equal.length + sorted.length);
    if (rest.length !== sorted.length || rest.some(([field], i) => field !== sorted[i][0])) return false;
    const flipped = sorted.length > 0 && rest[0][1] !== sorted[0][1];
    if (rest.some(([, direction], i) => (flipped ? -direction : direction) !== sorted[i][1])) return false;
    return ranges.every((field) => sorted.some(([name]) => name === field));
  });
}

/** The store, noting every find on the audit index: its shape and how many documents it gave. */
function recording(store: ReadStore, finds: Array<{ filter: Filter; options: FindOptions; given: number }>): ReadStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'collection') return Reflect.get(target, name, receiver);
      return (collection: string) => {
        const inner = target.collection(collection);
        if (collection !== auditReadModels.audit) return inner;
        return new Proxy(inner, {
          get(handle, method, handleReceiver) {
            if (method === 'find')
              return async (filter: Filter = {}, options: FindOptions = {}) => {
                const docs = await (handle as unknown as Collection<AuditDocument>).find(filter, options);
                finds.push({ filter, options, given: docs.length });
                return docs;
              };
            if (method === 'findOne' || method === 'countDocuments')
              throw new Error(`the audit queries use find with a sort and a limit, not ${String(method)}`);
            return Reflect.get(handle, method, handleReceiver);
          },
        });
      };
    },
  });
}

describe('the audit queries ask in the shapes of the declared indexes, a page at a time', function () {
  this.timeout(60_000);
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let docs: AuditDocument[];

  before(async () => {
    events = new SqliteEventStore(':memory:');
    store = new SqliteReadStore(':memory:');
    await writeMixedLog(events, { events: 3_000 });
    const runner = new ProjectionRunner(events, store, allProjectors, pino({ level: 'silent' }));
    await runner.start();
    await runner.stop();
    docs = await store.collection<AuditDocument>(auditReadModels.audit).find({}, { sort: { position: 1 } });
  });
  after(async () => {
    await store.close();
    await events.close();
  });

  it('the audit page, whatever its filters: each find answered by one index, none giving more than the page', async () => {
    const guildId = docs.find((doc) => doc.guildIds.length > 0)!.guildIds[0];
    const userId = docs.find((doc) => doc.userIds.length > 0)!.userIds[0];
    const middle = docs[Math.floor(docs.length / 2)];
    const queries: Array<Partial<AuditQuery>> = [
      {},
      { guildId },
      { userId },
      { type: ['KeyGenerated'] },
      { type: ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded'] },
      { guildId, type: ['KeyRedeemed', 'VipRoleGranted'] },
      { userId, before: middle.position },
      { from: docs[100].time, to: middle.time },
      { guildId, from: docs[100].time, before: middle.position },
    ];
    for (const query of queries) {
      const finds: Array<{ filter: Filter; options: FindOptions; given: number }> = [];
      const limit = 21;
      const page = await auditPage(recording(store, finds), { limit: 20, ...query } as AuditQuery, limit);
      expect(page.length, JSON.stringify(query)).to.be.at.most(limit);
      for (const { filter, options, given } of finds) {
        expect(answeredByIndex(filter, options.sort), `${JSON.stringify(filter)} ${JSON.stringify(options)}`).to.equal(
          true,
        );
        expect(options.limit, JSON.stringify(filter)).to.be.at.most(limit);
        expect(given).to.be.at.most(limit);
      }
      // the page is what a whole reading would have found
      const whole = docs
        .filter(
          (doc) =>
            (!query.guildId || doc.guildIds.includes(query.guildId)) &&
            (!query.userId || doc.userIds.includes(query.userId)) &&
            (!query.type || query.type.includes(doc.type as never)) &&
            (!query.from || doc.time >= query.from) &&
            (!query.to || doc.time <= query.to) &&
            (!query.before || doc.position < query.before),
        )
        .reverse()
        .slice(0, limit);
      expect(
        page.map((doc) => doc.position),
        JSON.stringify(query),
      ).to.deep.equal(whole.map((doc) => doc.position));
    }
  });

  it("a key's life and a server's settings history: one index each, bounded", async () => {
    const finds: Array<{ filter: Filter; options: FindOptions; given: number }> = [];
    const recorded = recording(store, finds);
    const key = docs.find((doc) => doc.type === 'KeyRedeemed')!.keyDigests![0];
    const life = await keyLife(recorded, key);
    expect(life.map((doc) => doc.type))
      .to.include('KeyGenerated')
      .and.include('KeyRedeemed');
    const guildId = docs.find((doc) => doc.type === 'GreetingConfigured')!.guildIds[0];
    const { changes } = await settingsEvents(recorded, guildId);
    expect(changes.length).to.be.above(0);
    for (const { filter, options, given } of finds) {
      expect(answeredByIndex(filter, options.sort), JSON.stringify(filter)).to.equal(true);
      expect(given).to.be.at.most(Math.max(KEY_LIFE_MAX, SETTINGS_HISTORY_MAX));
    }
  });

  it("a server's settings history shows its newest changes, each told against the value it replaced", async () => {
    const counts = new Map<string, number>();
    for (const doc of docs)
      if (doc.type === 'GreetingConfigured' || doc.type === 'VipRoleChosen')
        for (const guildId of doc.guildIds) counts.set(guildId, (counts.get(guildId) ?? 0) + 1);
    const [guildId] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const all = await settingsEvents(store, guildId, 10_000);
    const full = settingsHistory(await auditEvents(events, store, all.changes), guildId);
    expect(full.length).to.be.above(4);
    const window = await settingsEvents(store, guildId, 3);
    expect(window.changes.map((doc) => doc.position)).to.deep.equal(full.slice(-3).map((change) => change.position));
    const shown = settingsHistory(await auditEvents(events, store, [...window.priming, ...window.changes]), guildId);
    expect(shown.slice(window.priming.length)).to.deep.equal(full.slice(-3));
  });
});
