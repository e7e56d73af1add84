import { projections } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { loadState } from '../core/load-state.ts';
import { serverSuspendedError, suspensionDecider } from './suspension.decider.ts';
import { evolveSuspension, initialSuspensionState, suspensionStream } from './suspension.state.ts';

// the admin's list of suspended servers reloads right after these answers
export const suspensions = commandHandlerFor(suspensionDecider, (command) => suspensionStream(command.guildId), {
  readYourWrites: { projection: projections.suspensions, ifLate: 'answer' },
});

/** Is the server suspended, per its own stream (never a read model)? */
export async function isServerSuspended(store: EventStore, guildId: string): Promise<boolean> {
  const { state } = await loadState(store, suspensionStream(guildId), evolveSuspension, initialSuspensionState());
  return state.reason !== null;
}

/** Keys are neither generated nor redeemed for a suspended server. */
export async function requireServerNotSuspended(store: EventStore, guildId: string): Promise<void> {
  if (await isServerSuspended(store, guildId)) throw serverSuspendedError();
}
