/**
 * The audit trail's queries (query-service/src/audit) on the embedded store find their
 * documents through the indexes the audit projector declares: SQLite's plan seeks an index
 * table, never scans the documents, never sorts them all.
 */

import { type AuditDocument, auditDocumentId, auditReadModels } from '@vip/contracts';
import type { Filter, FindOptions } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { ensureIndexes } from '../../src/projector.ts';
import { auditProjector } from '../../src/read-models/audit/audit.projector.ts';

const TYPES = ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded', 'GuildReported', 'GuildSettingsUpdated'];
const EVENTS = 3000;

function auditDocument(position: number): AuditDocument {
  const document: AuditDocument = {
    _id: auditDocumentId(position),
    position,
    type: TYPES[position % TYPES.length],
    time: new Date(Date.UTC(2026, 0, 1) + position * 60_000).toISOString(),
    guildIds: position % 10 === 0 ? [] : [`g${position % 7}`],
    userIds: [`u${position % 13}`, `u${position % 5}`],
  } as AuditDocument;
  if (position % 4 === 0) document.keyDigests = [`k${position % 50}`];
  return document;
}

/** What each audit route asks, with the order it pages in. */
const queries: [string, Filter, FindOptions][] = [
  ['the newest page', {}, { sort: { position: -1 }, limit: 51 }],
  ['an older page', { position: { $lt: 1500 } }, { sort: { position: -1 }, limit: 51 }],
  ['one server', { guildIds: 'g3' }, { sort: { position: -1 }, limit: 51 }],
  ['one server, older', { guildIds: 'g3', position: { $lt: 1500 } }, { sort: { position: -1 }, limit: 51 }],
  ['one person', { userIds: 'u4' }, { sort: { position: -1 }, limit: 51 }],
  ['one type', { type: 'KeyRedeemed' }, { sort: { position: -1 }, limit: 51 }],
  [
    'three types',
    { type: { $in: ['KeyRedeemed', 'GuildReported', 'Nothing'] } },
    { sort: { position: -1 }, limit: 51 },
  ],
  [
    'a server, types and times',
    { guildIds: 'g2', type: { $in: TYPES.slice(0, 2) }, time: { $gte: '2026-01-01T10:00:00.000Z' } },
    { sort: { position: -1 }, limit: 51 },
  ],
  ["a key's life", { keyDigests: 'k8' }, { sort: { position: 1 } }],
  ["a server's settings", { guildIds: 'g1', type: { $in: ['GuildSettingsUpdated'] } }, { sort: { position: 1 } }],
  ['the first event from a time', { time: { $gte: '2026-01-02T00:00:00.000Z' } }, { sort: { position: 1 }, limit: 1 }],
  ['the last event to a time', { time: { $lte: '2026-01-02T00:00:00.000Z' } }, { sort: { position: -1 }, limit: 1 }],
];

describe('the audit trail on the embedded store uses its declared indexes', () => {
  let store: SqliteReadStore;
  let all: AuditDocument[];

  before(async () => {
    store = new SqliteReadStore(':memory:');
    const audit = store.collection<AuditDocument>(auditReadModels.audit);
    await store.transaction(async () => {
      for (let position = 1; position <= EVENTS; position++) await audit.insertOne(auditDocument(position));
    });
    await ensureIndexes(store, [auditProjector]);
    all = await audit.find({});
  });
  after(() => store.close());

  for (const [label, filter, options] of queries) {
    it(`${label}: ${JSON.stringify(filter)}`, async () => {
      const { index, steps } = store.explain(auditReadModels.audit, filter, options);
      expect(index, steps.join('; ')).to.not.equal('none');
      // the index table is sought (or walked in order for a plain page); the documents only by rowid
      expect(steps.some((step) => /^(SEARCH|SCAN) e( USING PRIMARY KEY|$)/.test(step))).to.equal(true);
      for (const step of steps) {
        expect(step).to.not.match(/^SCAN (d|docs)\b/);
        expect(step).to.not.match(/TEMP B-TREE FOR ORDER BY/);
      }
      // and the answer is the one every document checked in turn gives
      const found = await store.collection<AuditDocument>(auditReadModels.audit).find(filter, options);
      expect(found.map((doc) => doc.position)).to.deep.equal(expected(all, filter, options));
    });
  }
});

/** The answer by brute force: every document, filtered, sorted by position, limited. */
function expected(docs: AuditDocument[], filter: Filter, { sort, limit }: FindOptions): number[] {
  const holds = (doc: AuditDocument, field: string, condition: unknown): boolean => {
    const value = (doc as unknown as Record<string, unknown>)[field];
    if (condition !== null && typeof condition === 'object') {
      const { $in, $lt, $gte, $lte } = condition as Record<string, unknown>;
      if ($in) return ($in as unknown[]).includes(value);
      if ($lt !== undefined) return (value as number) < ($lt as number);
      if ($gte !== undefined) return (value as string) >= ($gte as string);
      return (value as string) <= ($lte as string);
    }
    return Array.isArray(value) ? value.includes(condition) : value === condition;
  };
  const direction = sort?.position ?? 1;
  const positions = docs
    .filter((doc) => Object.entries(filter).every(([field, condition]) => holds(doc, field, condition)))
    .map((doc) => doc.position)
    .sort((a, b) => (a - b) * direction);
  return limit ? positions.slice(0, limit) : positions;
}
