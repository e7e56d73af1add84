import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';

const wording = {
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  offline: 'Offline',
} as const;

/** Tells the reader whether new announcements will appear by themselves. */
export function LiveStatus() {
  const status = useRealtimeStatus();
  return (
    <span className={`live-status live-${status}`} data-realtime-status={status} role="status">
      <span className="live-dot" aria-hidden="true" />
      {wording[status]}
    </span>
  );
}
