import { sealStreamId } from '@vip/contracts';
import { chainStart, type EventStore, readSeals, readStoredEvents, storedDigest } from '@vip/platform';
import { ChainCheck, type ChainSummary } from './chain-check.ts';

/**
 * `npm run audit -- verify`: recomputes the chain over the whole log from position 0, page
 * by page, and checks every seal of the seals stream against it.
 */
export async function verifyLog(
  eventStore: EventStore,
  options: { pageSize?: number; onProgress?: (position: number, events: number) => void } = {},
): Promise<ChainSummary> {
  const pageSize = options.pageSize ?? 5000;
  const seals = await readSeals(eventStore);
  const check = new ChainCheck(chainStart, null, seals);
  let events = 0;
  for (let after = 0; ; ) {
    const page = await readStoredEvents(eventStore, { after, maxCount: pageSize });
    for (const event of page) check.add(event.position, storedDigest(event), event.streamId === sealStreamId);
    events += page.length;
    if (page.length > 0) {
      after = page[page.length - 1].position;
      options.onProgress?.(after, events);
    }
    if (page.length < pageSize) break;
  }
  const rewrittenFrom = seals[0]?.seal.rewrittenFrom;
  return { ...check.finish(), ...(rewrittenFrom ? { rewrittenFrom } : {}) };
}
