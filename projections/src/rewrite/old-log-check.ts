import { personalFields, personEndedBy, personOf, sealStreamId } from '@vip/contracts';
import {
  chainStart,
  type EventStore,
  type PersonalKeys,
  personsIn,
  pseudonymsIn,
  readSeals,
  readStoredEvents,
  type StoredSeal,
  storedDigest,
} from '@vip/platform';
import { ChainCheck } from '../seals/chain-check.ts';
import { describeFinding } from '../seals/report.ts';
import { RewriteRefused } from './rewrite-refused.ts';
import { streamsInClear } from './streams-in-clear.ts';

/** What the first pass learnt of the old log. */
export interface OldLog {
  /** The old chain's last seal; undefined when the log was never sealed. */
  lastSeal: StoredSeal | undefined;
  /** The old log's last position, and how many of its events no seal covered. */
  headPosition: number;
  unsealedEvents: number;
  /**
   * Persons erased before the rewrite whose trace the log keeps: a member's erasure wrote into a
   * stream named after them in clear, under a key that no longer exists (`discord:<id>`); a
   * panel user's deletion names the account (`user:<id>`, personEndedBy).
   */
  erased: Set<string>;
  /** Events holding personal data in clear, in a field or in their stream's name: 0, and there is nothing to rewrite. */
  eventsInClear: number;
}

const n = (value: number) => value.toLocaleString('en');

/**
 * The rewrite's first pass, before anything is written: the old log against its own seals (a
 * log that fails `npm run audit -- verify` is not rewritten), and the persons it shows were
 * erased. Their fields in clear must not come back readable under a new key: the rewrite
 * encrypts them with a key it throws away. Page by page; memory holds a page and the erased.
 */
export async function checkOldLog(
  source: EventStore,
  keys: PersonalKeys,
  options: { pageSize: number; head: number; onProgress?: (share: number, line: string) => void },
): Promise<OldLog> {
  const seals = await readSeals(source);
  const chain = new ChainCheck(chainStart, null, seals);
  const erased = new Set<string>();
  let [headPosition, events, eventsInClear] = [0, 0, 0];
  for (let after = 0; ; ) {
    const page = await readStoredEvents(source, { after, maxCount: options.pageSize });
    const encryptedInClearStreams: Array<{ person: string; pseudonyms: string[] }> = [];
    const inClear = await streamsInClear(source, page);
    for (const event of page) {
      chain.add(event.position, storedDigest(event), event.streamId === sealStreamId);
      const ended = personEndedBy[event.type];
      const endedId = ended && (JSON.parse(event.data) as Record<string, unknown>)[ended.field];
      if (ended && typeof endedId === 'string') erased.add(personOf(ended.kind, endedId));
      const data = personalFields[event.type] ? (JSON.parse(event.data) as unknown) : undefined;
      if (inClear.has(event.streamId) || personsIn(event.type, data).length > 0) eventsInClear++;
      const named = personalFields[event.type] ? inClear.get(event.streamId) : undefined;
      // a stream named in clear holds fields about its person only: one that does not open is theirs
      const pseudonyms = named ? pseudonymsIn(event.type, data) : [];
      if (named && pseudonyms.length > 0)
        encryptedInClearStreams.push({ person: personOf(named.kind, named.id), pseudonyms });
    }
    const changed = chain.findings.find((finding) => finding.kind === 'changed');
    if (changed)
      throw new RewriteRefused(
        `The old log does not match its seals (${describeFinding(changed)}); a log that fails \`npm run audit -- verify\` is not rewritten. Nothing was written.`,
      );
    if (encryptedInClearStreams.length > 0) {
      const known = await keys.keysOf(encryptedInClearStreams.flatMap(({ pseudonyms }) => pseudonyms));
      for (const { person, pseudonyms } of encryptedInClearStreams)
        if (pseudonyms.some((pseudonym) => !known.has(pseudonym))) erased.add(person);
    }
    events += page.length;
    if (page.length > 0) {
      after = page[page.length - 1].position;
      headPosition = after;
      options.onProgress?.(
        options.head === 0 ? 1 : after / options.head,
        `checked ${n(events)} events of the old log against its seals, up to position ${n(after)}`,
      );
    }
    if (page.length < options.pageSize) break;
  }
  const unsealed = chain.finish().findings.find((finding) => finding.kind === 'unsealed');
  return {
    lastSeal: seals.at(-1),
    headPosition,
    unsealedEvents: unsealed?.kind === 'unsealed' ? unsealed.events : 0,
    erased,
    eventsInClear,
  };
}
