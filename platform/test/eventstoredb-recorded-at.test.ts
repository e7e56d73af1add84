import { expect } from 'chai';
import { readStoredEvents } from '../src/audit/stored-events.ts';
import { resolvedEntry, stubbedEventStoreDb } from './support/stubbed-eventstoredb.ts';

const metadata = { correlationId: 'c', causationId: 'c', actor: { kind: 'system' as const, id: 'test' } };

describe('EventStoreDB keeps the time of an event copied from an old log', () => {
  it('writes the old time into the metadata, and reads it back as the event’s time, metadata as it was', async () => {
    const stamped = new Date('2026-11-28T08:00:00.000Z');
    const copied = resolvedEntry(100);
    copied.event.metadata = { ...metadata, recordedAt: Date.UTC(2026, 0, 2) } as typeof metadata;
    copied.event.created = stamped;
    const ordinary = resolvedEntry(200);
    ordinary.event.created = stamped;
    const { store } = stubbedEventStoreDb([copied, ordinary]);
    const appended: unknown[] = [];
    (store as unknown as { client: Record<string, unknown> }).client.appendToStream = async (
      _stream: string,
      events: Array<{ metadata: unknown }>,
    ) => {
      appended.push(...events.map((event) => event.metadata));
      return { nextExpectedRevision: 0n, position: { commit: 300n, prepare: 300n } };
    };

    await store.append(
      'announcement-a',
      [{ type: 'AnnouncementDeleted', data: {}, metadata, recordedAt: Date.UTC(2026, 0, 2) }],
      'any',
    );
    await store.append('announcement-b', [{ type: 'AnnouncementDeleted', data: {}, metadata }], 'any');
    expect(appended).to.deep.equal([{ ...metadata, recordedAt: Date.UTC(2026, 0, 2) }, metadata]);

    const [first, second] = await store.readAll();
    expect(first.createdAt.toISOString()).to.equal('2026-01-02T00:00:00.000Z');
    expect(first.metadata).to.deep.equal(metadata);
    expect(second.createdAt).to.equal(stamped);
    const [stored] = await readStoredEvents(store);
    expect(stored.recordedAt).to.equal(Date.UTC(2026, 0, 2));
    expect(stored.metadata).to.equal(JSON.stringify(metadata));
  });
});
