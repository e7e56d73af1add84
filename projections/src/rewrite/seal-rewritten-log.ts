import { randomUUID } from 'node:crypto';
import { currentSchemaVersion, type LogSealed, sealStreamId, systemActor } from '@vip/contracts';
import { type EventStore, type ExpectedRevision, RunningChain, readStoredEvents } from '@vip/platform';

const n = (value: number) => value.toLocaleString('en');

/**
 * Seals a rewritten log from its start, as the product's sealer would have: a seal every
 * `sealEvery` events, appended after the copied events (the chain covers them where they lie).
 * The first seal also records `rewrittenFrom`: the old chain's head and what the rewrite changed,
 * so an auditor following the new chain learns where it came from. The new log is read as
 * stored, page by page, so the seals hash exactly the bytes it holds.
 */
export async function sealRewrittenLog(
  log: EventStore,
  rewrittenFrom: NonNullable<LogSealed['rewrittenFrom']>,
  options: {
    pageSize: number;
    sealEvery: number;
    now: () => Date;
    onProgress?: (pass: 'seal', share: number, line: string) => void;
  },
): Promise<number> {
  const head = (await log.headPosition()) ?? 0;
  const chain = new RunningChain();
  let revision: ExpectedRevision = 'no_stream';
  let sealed = 0;
  const seal = async () => {
    const next = chain.peek();
    if (!next) return;
    const data: LogSealed = {
      ...next,
      sealedAt: options.now().toISOString(),
      ...(sealed === 0 ? { rewrittenFrom } : {}),
    };
    const correlationId = randomUUID();
    const metadata = {
      correlationId,
      causationId: correlationId,
      actor: systemActor,
      schemaVersion: currentSchemaVersion('LogSealed'),
    };
    const result = await log.append(sealStreamId, [{ type: 'LogSealed', data, metadata }], revision);
    revision = result.nextRevision;
    chain.anchorOn(next);
    sealed++;
  };
  let events = 0;
  // the copied events only: the seals written meanwhile lie after `head`, for the product's sealer
  for (let after = 0; after < head; ) {
    const page = await readStoredEvents(log, { after, maxCount: Math.min(options.pageSize, options.sealEvery) });
    for (const event of page) {
      if (event.position > head) break;
      chain.add(event);
      events++;
      if (chain.pending >= options.sealEvery) await seal();
    }
    if (page.length === 0) break;
    after = page[page.length - 1].position;
    options.onProgress?.(
      'seal',
      head === 0 ? 1 : after / head,
      `sealed ${n(events)} events again, up to position ${n(after)}`,
    );
  }
  await seal();
  return sealed;
}
