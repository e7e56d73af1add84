import { type EventOf, erasureStreamId } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import type { Decider } from '../core/decider.ts';

export type ErasureEvent = EventOf<'PersonErased'>;
export type ErasureCommand = {
  type: 'RecordErasure';
  vipWindowsEnded: number;
  whitelistEntriesEnded: number;
};

/**
 * The log's record that a person was erased. It decides nothing on the past (an erasure is
 * carried out before it is recorded), so only the stream's last event is read, and the record
 * is appended at whatever revision the stream has reached.
 */
export const erasureDecider: Decider<ErasureCommand, null, ErasureEvent> = {
  initialState: () => null,
  evolve: () => null,
  reading: { kind: 'last-event' },
  decide: (command, _state, now) => [
    {
      type: 'PersonErased',
      data: {
        kind: 'discord',
        vipWindowsEnded: command.vipWindowsEnded,
        whitelistEntriesEnded: command.whitelistEntriesEnded,
        erasedAt: now.toISOString(),
      },
    },
  ],
};

export const erasures = commandHandlerFor(erasureDecider, () => erasureStreamId);
