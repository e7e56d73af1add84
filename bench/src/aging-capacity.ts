// The capacity model's per-event inputs (#18 item 6), from the prepared logs themselves: bytes
// per event of each store on disk (the log, the read models, the snapshots when there are
// any) and the replay speed of the first `npm start` on each log (it replays the whole log into
// the read models before it is ready). With two sizes or more, the marginal bytes per event
// (the slope between sizes) beside the average.
import type { LogCache, PreparedMeta } from './aging-logs.ts';
import { type AgingResults, fitLine } from './aging-results.ts';

/** What the capacity model reads: results.measured.capacity. */
export interface CapacityInputs {
  bySize: Record<number, PreparedMeta & { replayEventsPerSecond: number }>;
  /** Bytes each store adds per event of the log: the slope between sizes, or the average with one size. */
  bytesPerEvent: Record<string, number>;
}

export async function measureCapacity(cache: LogCache, results: AgingResults, sizes: number[]): Promise<void> {
  console.log(
    `\ncapacity: bytes per event and replay speed on logs of ${sizes.map((s) => s.toLocaleString('en')).join(', ')} events`,
  );
  const bySize: CapacityInputs['bySize'] = {};
  for (const events of [...sizes].sort((a, b) => a - b)) {
    const prepared = await cache.prepared(events).catch((error: Error) => {
      console.log(`  no log of ${events.toLocaleString('en')} events: ${error.message.slice(0, 300)}`);
      return undefined;
    });
    if (!prepared) continue;
    const { meta } = prepared;
    const replayEventsPerSecond = meta.headPosition / meta.firstStartSeconds;
    bySize[events] = { ...meta, replayEventsPerSecond };
    for (const [file, bytes] of Object.entries(meta.bytes))
      results.add({
        part: 'capacity',
        name: `${file}, bytes per event`,
        value: bytes / meta.headPosition,
        unit: 'B',
        events,
      });
    results.add({
      part: 'capacity',
      name: 'replay speed of the first start on the log',
      value: replayEventsPerSecond,
      unit: 'events/s',
      events,
      note: `${meta.firstStartSeconds.toFixed(1)} s from the spawn to /api/ready 200, prepared ${meta.preparedAt}`,
    });
  }
  const logs = Object.values(bySize);
  const files = [...new Set(logs.flatMap((log) => Object.keys(log.bytes)))];
  const bytesPerEvent: Record<string, number> = {};
  for (const file of files) {
    const points = logs.map((log) => ({ x: log.headPosition, y: log.bytes[file] ?? 0 }));
    const fit = fitLine(points);
    bytesPerEvent[file] = fit ? fit.slope : points[0].y / points[0].x;
    if (fit)
      results.add({
        part: 'capacity',
        name: `${file}, bytes each further event adds (slope between the sizes)`,
        value: fit.slope,
        unit: 'B',
      });
  }
  // the first start is the process's own start plus the replay: the slope between sizes is the replay alone
  const replayFit = fitLine(logs.map((log) => ({ x: log.headPosition, y: log.firstStartSeconds })));
  if (replayFit && replayFit.slope > 0)
    results.add({
      part: 'capacity',
      name: 'replay speed between the sizes (the slope of the first start)',
      value: 1 / replayFit.slope,
      unit: 'events/s',
      note: `first start ≈ ${replayFit.intercept.toFixed(1)} s + events ÷ ${Math.round(1 / replayFit.slope).toLocaleString('en')}`,
    });
  results.keep('capacity', { bySize, bytesPerEvent } satisfies CapacityInputs);
}
