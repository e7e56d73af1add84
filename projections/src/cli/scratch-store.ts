import type { ReadStore } from '@vip/platform';

/**
 * Runs `work` on a store opened for it and lets go of the store on every path, a failure
 * included, so a CLI never leaves a client open (the process would not exit) nor a scratch
 * copy behind: 'close' keeps its documents (a replay as of a time, kept for inspection),
 * 'destroy' removes the whole store (verify's scratch copy of every read model).
 */
export async function usingStore<R>(
  store: ReadStore,
  afterwards: 'close' | 'destroy',
  work: (store: ReadStore) => Promise<R>,
): Promise<R> {
  try {
    return await work(store);
  } finally {
    await (afterwards === 'destroy' ? store.destroy() : store.close());
  }
}
