import { parentPort, workerData } from 'node:worker_threads';
import { type AppendOutcome, type AppendToWrite, LogWriter, openLog } from './sqlite-log-writes.ts';

/**
 * The embedded log's writer thread (log-writer-thread.ts): its own connection to the file,
 * which commits each group of appends it is sent (one transaction, synced to disk) and
 * answers with each append's outcome. The thread that sent them keeps serving meanwhile.
 */
const { filename, busyTimeoutMs } = workerData as { filename: string; busyTimeoutMs: number };
const db = openLog(filename, busyTimeoutMs);
const writer = new LogWriter(db);
const port = parentPort!;

/** An error as data: a thread's message carries no class, and SQLite's code matters to callers. */
function plain(error: unknown): { message: string; name: string; code?: string } {
  const { message = String(error), name = 'Error', code } = (error ?? {}) as Partial<Error & { code: string }>;
  return typeof code === 'string' ? { message, name, code } : { message, name };
}

port.on('message', (message: { group: AppendToWrite[] } | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  let outcomes: AppendOutcome[];
  try {
    outcomes = writer
      .commit(message.group)
      .map((outcome) => ('error' in outcome ? { error: plain(outcome.error) } : outcome));
  } catch (error) {
    port.postMessage({ failed: plain(error) });
    return;
  }
  port.postMessage({ outcomes });
});
port.postMessage({ ready: db.pragma('synchronous', { simple: true }) });
