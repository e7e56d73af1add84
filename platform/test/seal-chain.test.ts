import { createHash } from 'node:crypto';
import type { SealRecord } from '@vip/contracts';
import { expect } from 'chai';
import { digestOfText, sealRecordText, storedDigest } from '../src/audit/seal-chain.ts';
import type { StoredEvent } from '../src/event-store/event-store.ts';

/** One event of the log as stored: the record whose digest is pinned below. */
const known: StoredEvent = {
  position: 7,
  id: '0f1e2d3c-4b5a-4697-8877-665544332211',
  streamId: 'announcement-a7',
  revision: 0,
  type: 'AnnouncementPosted',
  data: '{"announcementId":"a7","title":"Hello","content":"World","priority":"low","authorId":"u1","postedAt":"2026-11-22T12:00:00.000Z"}',
  metadata: '{"correlationId":"c1","causationId":"c1","actor":{"kind":"system","id":"test"},"schemaVersion":1}',
  recordedAt: 1_795_003_200_000,
};

/**
 * The text the chain hashes for `known`, written out by hand: its position, id, stream,
 * revision, type, time, data and metadata as one JSON array. Every auditor's copy of the
 * chain depends on this exact text; a change to it is a change of the chain.
 */
const knownText =
  '[7,"0f1e2d3c-4b5a-4697-8877-665544332211","announcement-a7",0,"AnnouncementPosted",1795003200000,' +
  '{"announcementId":"a7","title":"Hello","content":"World","priority":"low","authorId":"u1","postedAt":"2026-11-22T12:00:00.000Z"},' +
  '{"correlationId":"c1","causationId":"c1","actor":{"kind":"system","id":"test"},"schemaVersion":1}]';
const KNOWN_DIGEST = '3b476b451f9f47abb97169ea8cad48f046d992040a2ccc177da018bbbcc9250f';

/** The same record as an exported line carries it (data and metadata parsed). */
const exported = (event: StoredEvent): SealRecord => ({
  position: event.position,
  id: event.id,
  streamId: event.streamId,
  revision: event.revision,
  type: event.type,
  recordedAt: event.recordedAt,
  data: JSON.parse(event.data),
  metadata: JSON.parse(event.metadata),
});

/** One field of the record changed, everything else as it was: what an edit of the log does. */
const edits: Record<string, (event: StoredEvent) => StoredEvent> = {
  position: (event) => ({ ...event, position: event.position + 1 }),
  id: (event) => ({ ...event, id: '0f1e2d3c-4b5a-4697-8877-665544332212' }),
  stream: (event) => ({ ...event, streamId: 'announcement-a8' }),
  revision: (event) => ({ ...event, revision: event.revision + 1 }),
  type: (event) => ({ ...event, type: 'AnnouncementDeleted' }),
  time: (event) => ({ ...event, recordedAt: event.recordedAt + 1 }),
  data: (event) => ({ ...event, data: event.data.replace('"Hello"', '"Hullo"') }),
  metadata: (event) => ({ ...event, metadata: event.metadata.replace('"c1","actor"', '"c2","actor"') }),
};

/**
 * The seal chain's digest of one event (issue #26 item 10a): each field of the record is in
 * the hashed text, so editing any one of them in the log changes the digest and breaks its
 * seal; and the digest of a known record is pinned, so the text cannot change unnoticed.
 */
describe('the seal chain: the digest of one event', () => {
  it('is SHA-256 of the record written as one JSON array, pinned for a known record', () => {
    expect(sealRecordText(exported(known))).to.equal(knownText);
    expect(createHash('sha256').update(knownText).digest('hex')).to.equal(KNOWN_DIGEST);
    expect(storedDigest(known).toString('hex')).to.equal(KNOWN_DIGEST);
    expect(digestOfText(sealRecordText(exported(known))).toString('hex')).to.equal(KNOWN_DIGEST);
  });

  for (const [field, edit] of Object.entries(edits)) {
    it(`changes when the record's ${field} is edited, in the log and in an export`, () => {
      // against the digest the same code gives the record as it was, not the pinned one
      const edited = edit(known);
      expect(storedDigest(edited).toString('hex')).not.to.equal(storedDigest(known).toString('hex'));
      const exportedDigest = (event: StoredEvent) => digestOfText(sealRecordText(exported(event))).toString('hex');
      expect(exportedDigest(edited)).not.to.equal(exportedDigest(known));
    });
  }
});
