import { useSyncExternalStore } from 'react';
import { getRealtimeStatus, onRealtimeStatusChange, type RealtimeStatus } from './socket.ts';

/** Lets a screen say whether what it shows is live or may be stale. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(onRealtimeStatusChange, getRealtimeStatus);
}
