import { type LogSealed, personalFields, personOf, sealStreamId, streamNamedInClear } from '@vip/contracts';
import {
  chainStart,
  type EventStore,
  encryptData,
  type NewEvent,
  type PersonalKeys,
  personsIn,
  readSeals,
  readStoredEvents,
  type StoredEvent,
  storedDigest,
} from '@vip/platform';
import { ChainCheck } from '../seals/chain-check.ts';
import { describeFinding } from '../seals/report.ts';
import { sealRewrittenLog } from './seal-rewritten-log.ts';

/** What the rewrite did, as its first seal records it. */
export type RewriteRecord = NonNullable<LogSealed['rewrittenFrom']>;

export interface RewriteOptions {
  pageSize?: number;
  /** Events per seal of the new chain (the product's AUDIT_SEAL_EVERY). */
  sealEvery: number;
  now?: () => Date;
  /** Progress: which pass, the share of it done, and a line that says where it is. */
  onProgress?: (pass: 'copy' | 'seal', share: number, line: string) => void;
}

/** A rewrite that must not start (or go on): said in words for the operator. */
export class RewriteRefused extends Error {
  readonly name = 'RewriteRefused';
  constructor(
    message: string,
    /** `done`: there is nothing to rewrite (a no-op, not a failure). */
    readonly outcome: 'refused' | 'done' = 'refused',
  ) {
    super(message);
  }
}

const n = (value: number) => value.toLocaleString('en');

/**
 * Rewrites a log written before personal data was encrypted (ids in clear in event data and in
 * stream names) into `target`, a new and empty log, in the form today's product writes: every
 * personal field of `personalFields` encrypted with its person's key from `keys` (made for a
 * person met the first time), every stream of `personalStreams` named with its person's
 * pseudonym. Everything else is copied as it was: event ids, types, data, metadata, each
 * stream's revisions, the order of the log, and (on the embedded log) each event's time.
 *
 * The old log is checked against its own seals on the way (a log that does not match them is
 * not rewritten), the old chain's seals are left out (they hash the old bytes), and the new log
 * is sealed again from its start, its first seal recording the old chain's head and what the
 * rewrite changed. The log is read and written page by page: memory holds one page.
 */
export async function rewritePersonalData(
  source: EventStore,
  target: EventStore,
  keys: PersonalKeys,
  options: RewriteOptions,
): Promise<RewriteRecord> {
  const pageSize = options.pageSize ?? 1000;
  const now = options.now ?? (() => new Date());
  const head = await assertRewritable(source);
  if ((await target.headPosition()) !== null)
    throw new RewriteRefused('The new log is not empty: the rewrite writes only into an empty log.');

  const seals = await readSeals(source);
  const oldChain = new ChainCheck(chainStart, null, seals);
  const counts = { events: 0, sealsLeftOut: 0, fieldsEncrypted: 0, streamsRenamed: 0 };
  let lastPosition = 0;
  for (let after = 0; ; ) {
    const page = await readStoredEvents(source, { after, maxCount: pageSize });
    for (const event of page) oldChain.add(event.position, storedDigest(event), event.streamId === sealStreamId);
    const changed = oldChain.findings.find((finding) => finding.kind === 'changed');
    if (changed)
      throw new RewriteRefused(
        `The old log does not match its seals (${describeFinding(changed)}); nothing is rewritten from a log that fails \`npm run audit -- verify\`. Remove the new log's partial copy.`,
      );
    await copyPage(page, target, keys, counts);
    if (page.length > 0) {
      after = page[page.length - 1].position;
      lastPosition = after;
      options.onProgress?.(
        'copy',
        after / head,
        `copied ${n(counts.events)} events, up to position ${n(after)}: ${n(counts.fieldsEncrypted)} personal fields encrypted, ${n(counts.streamsRenamed)} streams renamed`,
      );
    }
    if (page.length < pageSize) break;
  }
  const grown = await source.headPosition();
  if (grown !== lastPosition)
    throw new RewriteRefused(
      `The old log grew while it was rewritten (its last position went from ${n(lastPosition)} to ${n(grown ?? 0)}): stop the product, remove the new log's copy and run the rewrite again.`,
    );
  const oldSummary = oldChain.finish();
  const lastOldSeal = seals.at(-1);
  const unsealed = oldSummary.findings.find((finding) => finding.kind === 'unsealed');
  const record: RewriteRecord = {
    hash: lastOldSeal?.seal.hash ?? null,
    sealPosition: lastOldSeal?.position ?? null,
    upToPosition: lastOldSeal?.seal.upToPosition ?? null,
    count: lastOldSeal?.seal.count ?? null,
    headPosition: lastPosition,
    unsealedEvents: unsealed?.kind === 'unsealed' ? unsealed.events : 0,
    rewrittenAt: now().toISOString(),
    ...counts,
  };
  await sealRewrittenLog(target, record, {
    pageSize,
    sealEvery: options.sealEvery,
    now,
    onProgress: options.onProgress,
  });
  return record;
}

/**
 * Refuses a log there is nothing to rewrite in: one rewritten already (its first seal says so),
 * or an empty one. Returns its last position.
 */
export async function assertRewritable(source: EventStore): Promise<number> {
  const [first] = await source.readStream(sealStreamId, { maxCount: 1 });
  const firstSeal = first?.data as Partial<LogSealed> | undefined;
  if (firstSeal?.rewrittenFrom)
    throw new RewriteRefused(
      `This log was already rewritten on ${firstSeal.rewrittenFrom.rewrittenAt}: its personal data is encrypted; nothing to do.`,
      'done',
    );
  const head = await source.headPosition();
  if (head === null) throw new RewriteRefused('This log is empty: nothing to rewrite.', 'done');
  return head;
}

/**
 * One page of the old log, written into the new one: each run of events of one stream is one
 * append, at the revisions the old log gave them (a stream renamed onto one that exists would
 * fail there, not mix two streams). The keys of the page's persons are read (or made) at once.
 */
async function copyPage(
  page: readonly StoredEvent[],
  target: EventStore,
  keys: PersonalKeys,
  counts: { events: number; sealsLeftOut: number; fieldsEncrypted: number; streamsRenamed: number },
): Promise<void> {
  const events = page.filter((event) => {
    // the old chain's seals hash the old bytes: the new log is sealed again
    if (event.streamId !== sealStreamId) return true;
    counts.sealsLeftOut++;
    return false;
  });
  const parsed = events.map((event) => ({
    event,
    data: JSON.parse(event.data) as unknown,
    stream: streamNamedInClear(event.streamId),
  }));
  const persons = parsed.flatMap(({ event, data, stream }) => [
    ...personsIn(event.type, data),
    ...(stream ? [personOf(stream.kind, stream.id)] : []),
  ]);
  const entries = await keys.entriesFor(persons);
  const appends: Array<{ streamId: string; expected: number | 'no_stream'; events: NewEvent[] }> = [];
  for (const { event, data, stream } of parsed) {
    const streamId = stream ? stream.renamed(entries.get(personOf(stream.kind, stream.id))!.pseudonym) : event.streamId;
    if (stream && event.revision === 0) counts.streamsRenamed++;
    const stored = personalFields[event.type] ? encryptData(event.type, data, entries) : data;
    if (stored !== data) counts.fieldsEncrypted += changedFields(data, stored);
    const copy: NewEvent = {
      id: event.id,
      type: event.type,
      data: stored,
      metadata: JSON.parse(event.metadata),
      recordedAt: event.recordedAt,
    };
    const last = appends.at(-1);
    if (last?.streamId === streamId) last.events.push(copy);
    else appends.push({ streamId, expected: event.revision === 0 ? 'no_stream' : event.revision - 1, events: [copy] });
    counts.events++;
  }
  if (target.appendsInCallOrder) {
    // one group commit for the page, written in the order asked
    await Promise.all(appends.map(({ streamId, events, expected }) => target.append(streamId, events, expected)));
    return;
  }
  for (const { streamId, events, expected } of appends) await target.append(streamId, events, expected);
}

function changedFields(before: unknown, after: unknown): number {
  const [old, now] = [before as Record<string, unknown>, after as Record<string, unknown>];
  return Object.keys(now).filter((field) => now[field] !== old[field]).length;
}
