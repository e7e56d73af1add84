import { logSealedSchema, sealStreamId } from '@vip/contracts';
import { chainStart, eventDigest, type EventStore, type RecordedEvent } from '@vip/platform';
import { ChainCheck, type ChainSummary } from './chain-check.ts';

/** A seal of the seals stream, or null for any other event (or a seal that does not parse). */
export function sealIn(event: RecordedEvent) {
  if (event.streamId !== sealStreamId || event.type !== 'LogSealed') return null;
  const parsed = logSealedSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * `npm run audit -- verify`: recomputes the chain over the whole log from position 0, page
 * by page, and checks every seal in it.
 */
export async function verifyLog(
  eventStore: EventStore,
  options: { pageSize?: number; onProgress?: (position: number, events: number) => void } = {},
): Promise<ChainSummary> {
  const pageSize = options.pageSize ?? 5000;
  const check = new ChainCheck(chainStart, null);
  let events = 0;
  for (let after = 0; ; ) {
    const page = await eventStore.readAll({ after, maxCount: pageSize });
    for (const event of page) {
      const seal = sealIn(event);
      if (seal) check.seal(event.position, event.revision, seal);
      check.add(event.position, eventDigest(event), seal !== null);
    }
    events += page.length;
    if (page.length > 0) {
      after = page[page.length - 1].position;
      options.onProgress?.(after, events);
    }
    if (page.length < pageSize) break;
  }
  return check.finish();
}
