import { type LogSealed, personalFields, personOf, sealStreamId } from '@vip/contracts';
import {
  type EventStore,
  encryptData,
  type NewEvent,
  newPersonEntry,
  type PersonalKeys,
  type PersonEntry,
  personsIn,
  readStoredEvents,
  type StoredEvent,
} from '@vip/platform';
import { checkOldLog } from './old-log-check.ts';
import { RewriteRefused } from './rewrite-refused.ts';
import { sealRewrittenLog } from './seal-rewritten-log.ts';
import { streamsInClear } from './streams-in-clear.ts';

export { RewriteRefused } from './rewrite-refused.ts';

/** What the rewrite did, as its first seal records it. */
export type RewriteRecord = NonNullable<LogSealed['rewrittenFrom']>;

export interface RewriteOptions {
  pageSize?: number;
  /** Events per seal of the new chain (the product's AUDIT_SEAL_EVERY). */
  sealEvery: number;
  now?: () => Date;
  /** Progress: which pass, the share of it done, and a line that says where it is. */
  onProgress?: (pass: 'check' | 'copy' | 'seal', share: number, line: string) => void;
}

const n = (value: number) => value.toLocaleString('en');

/**
 * Rewrites a log written before personal data was encrypted (ids in clear in event data and in
 * stream names) into `target`, a new and empty log, in the form today's product writes: every
 * personal field of `personalFields` encrypted with its person's key from `keys` (made for a
 * person met the first time), every stream of `personalStreams` named with its person's
 * pseudonym. Everything else is copied as it was: event ids, types, data, metadata, each
 * stream's revisions, the order of the log and each event's time.
 *
 * Three passes, page by page (memory holds a page): the old log is checked against its own
 * seals and searched for persons erased before (nothing is written from a log that fails its
 * seals); it is copied, without the old chain's seals (they hash the old bytes); and the new log
 * is sealed again from its start, its first seal recording the old chain's head and what the
 * rewrite changed.
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
  const old = await checkOldLog(source, keys, {
    pageSize,
    head,
    onProgress: (share, line) => options.onProgress?.('check', share, line),
  });
  if (old.eventsInClear === 0)
    throw new RewriteRefused(
      'This log holds no personal data in clear (no field, no stream name): nothing to rewrite. Nothing was written.',
      'done',
    );
  const erased = await erasedPersons(old.erased, keys);

  const counts = { events: 0, sealsLeftOut: 0, fieldsEncrypted: 0, streamsRenamed: 0 };
  for (let after = 0; after < old.headPosition; ) {
    const page = (await readStoredEvents(source, { after, maxCount: pageSize })).filter(
      (event) => event.position <= old.headPosition,
    );
    if (page.length === 0) break;
    await copyPage(page, source, target, keys, erased, counts);
    after = page[page.length - 1].position;
    options.onProgress?.(
      'copy',
      after / old.headPosition,
      `copied ${n(counts.events)} events, up to position ${n(after)}: ${n(counts.fieldsEncrypted)} personal fields encrypted, ${n(counts.streamsRenamed)} streams renamed`,
    );
  }
  const grown = await source.headPosition();
  if (grown !== old.headPosition)
    throw new RewriteRefused(
      `The old log grew while it was rewritten (its last position went from ${n(old.headPosition)} to ${n(grown ?? 0)}): stop the product, remove the new log's copy and run the rewrite again.`,
    );
  const record: RewriteRecord = {
    hash: old.lastSeal?.seal.hash ?? null,
    sealPosition: old.lastSeal?.position ?? null,
    upToPosition: old.lastSeal?.seal.upToPosition ?? null,
    count: old.lastSeal?.seal.count ?? null,
    headPosition: old.headPosition,
    unsealedEvents: old.unsealedEvents,
    rewrittenAt: now().toISOString(),
    ...counts,
    erasedPersons: erased.size,
  };
  await sealRewrittenLog(target, record, {
    pageSize,
    sealEvery: options.sealEvery,
    now,
    onProgress: (pass, share, line) => options.onProgress?.(pass, share, line),
  });
  return record;
}

/** An erased person as the rewrite writes them: fields under a key thrown away, streams under a pseudonym. */
interface ErasedPerson {
  entry: PersonEntry;
  /** The pseudonym of the person's streams: the one they have if they came back since, else the thrown-away one. */
  streamPart: string;
}

async function erasedPersons(persons: ReadonlySet<string>, keys: PersonalKeys): Promise<Map<string, ErasedPerson>> {
  const erased = new Map<string, ErasedPerson>();
  for (const person of persons) erased.set(person, await erasedPerson(person, keys));
  return erased;
}

async function erasedPerson(person: string, keys: PersonalKeys): Promise<ErasedPerson> {
  // never stored: what it encrypts cannot be read by anyone, as the erasure wanted
  const entry = newPersonEntry(person);
  return { entry, streamPart: (await keys.find(person))?.pseudonym ?? entry.pseudonym };
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
  source: EventStore,
  target: EventStore,
  keys: PersonalKeys,
  erased: Map<string, ErasedPerson>,
  counts: { events: number; sealsLeftOut: number; fieldsEncrypted: number; streamsRenamed: number },
): Promise<void> {
  const events = page.filter((event) => {
    // the old chain's seals hash the old bytes: the new log is sealed again
    if (event.streamId !== sealStreamId) return true;
    counts.sealsLeftOut++;
    return false;
  });
  const named = await streamsInClear(source, events);
  const parsed = events.map((event) => ({
    event,
    data: JSON.parse(event.data) as unknown,
    stream: named.get(event.streamId),
  }));
  const persons = parsed.flatMap(({ event, data, stream }) => [
    ...personsIn(event.type, data),
    ...(stream ? [personOf(stream.kind, stream.id)] : []),
  ]);
  // a stream named after an entry of an erased person (a deleted account's username reservation)
  // is theirs: its first event's fields are about them. Decided before any entry is made for it.
  for (const { event, data, stream } of parsed) {
    const person = stream && event.revision === 0 ? personOf(stream.kind, stream.id) : null;
    if (person && !erased.has(person) && personsIn(event.type, data).some((about) => erased.has(about)))
      erased.set(person, await erasedPerson(person, keys));
  }
  const entries = await keys.entriesFor(persons.filter((person) => !erased.has(person)));
  for (const [person, { entry }] of erased) entries.set(person, entry);
  const appends: Array<{ streamId: string; expected: number | 'no_stream'; events: NewEvent[] }> = [];
  for (const { event, data, stream } of parsed) {
    const person = stream && personOf(stream.kind, stream.id);
    const streamId = person
      ? stream.renamed(erased.get(person)?.streamPart ?? entries.get(person)!.pseudonym)
      : event.streamId;
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
