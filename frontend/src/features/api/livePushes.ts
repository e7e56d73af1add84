import type { WsServerMessage } from '@vip/contracts';
import type { RootState } from '../../app/store.ts';
import { subscribeToRealtime } from '../../realtime/socket.ts';
import { apiSlice } from './apiSlice.ts';

type Tags = Parameters<typeof apiSlice.util.invalidateTags>[0];

interface CacheEntryLifecycle {
  getState(): unknown;
  dispatch(action: unknown): unknown;
  cacheEntryRemoved: Promise<void>;
}

/**
 * Keeps a cached query live for as long as someone shows it: a push about it (decisions.md
 * §6's /ws, which names what changed, only to the user it concerns) has the query read again,
 * and so does a (re)connected socket, since pushes sent while it was away are lost. For an
 * RTK Query endpoint's onCacheEntryAdded.
 */
export async function readAgainOnPush(
  { getState, dispatch, cacheEntryRemoved }: CacheEntryLifecycle,
  tags: Tags,
  concerns: (message: WsServerMessage) => boolean,
): Promise<void> {
  const token = (getState() as RootState).auth.token;
  if (!token) return;
  const stopListening = subscribeToRealtime(token, {
    onMessage(message) {
      if (concerns(message)) dispatch(apiSlice.util.invalidateTags(tags));
    },
    onReady() {
      dispatch(apiSlice.util.invalidateTags(tags));
    },
  });
  await cacheEntryRemoved;
  stopListening();
}
