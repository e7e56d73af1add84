import type { EventOf } from '@vip/contracts';

/** Stream `suspension-<guildId>`: an admin's suspension of one server, and its lifting. */
export const suspensionStream = (guildId: string) => `suspension-${guildId}`;

export type SuspensionEvent = EventOf<'ServerSuspended' | 'ServerSuspensionLifted'>;

export interface SuspensionState {
  /** null while the server is not suspended. */
  reason: string | null;
}

export const initialSuspensionState = (): SuspensionState => ({ reason: null });

export function evolveSuspension(_state: SuspensionState, event: SuspensionEvent): SuspensionState {
  switch (event.type) {
    case 'ServerSuspended':
      return { reason: event.data.reason };
    case 'ServerSuspensionLifted':
      return { reason: null };
  }
}
