import type { EventStore } from '@vip/platform';
import { loadState } from '../core/load-state.ts';
import type { ManagementProofInput } from '../servers/user-servers.decider.ts';
import { discordLinkStream, evolveDiscordLink, initialDiscordLinkState, proofFor } from './discord-link.state.ts';
import {
  discordAccountStream,
  evolveDiscordReservation,
  initialDiscordReservationState,
} from './discord-reservation.state.ts';
import {
  evolveManagementCheck,
  initialManagementCheckState,
  type ManagementCheckState,
  managementCheckStream,
} from './management-check.state.ts';
import { evolveSignIn, initialSignInState, signInStream } from './sign-in.state.ts';

// The plain reads of the Discord streams, apart from the steps that write: the server
// commands read a user's proof of management here without importing the Discord commands,
// which call the server commands back (no circle of imports).

/** The panel user a Discord account is linked to, from its reservation stream. */
export async function panelUserOf(store: EventStore, discordUserId: string): Promise<string | null> {
  return (
    await loadState(
      store,
      discordAccountStream(discordUserId),
      evolveDiscordReservation,
      initialDiscordReservationState(),
    )
  ).state.userId;
}

/** The panel user's Discord account and what it manages, read from its stream (never a read model). */
export const discordLinkOf = async (store: EventStore, userId: string) =>
  (await loadState(store, discordLinkStream(userId), evolveDiscordLink, initialDiscordLinkState())).state;

/** Proof that the user manages the server, as an add-server or update-server decision takes it. */
export async function managementProofOf(
  store: EventStore,
  userId: string,
  guildId: string,
): Promise<ManagementProofInput> {
  return proofFor(await discordLinkOf(store, userId), guildId);
}

/** A role check the panel asked the key bot for, from its stream. */
export async function managementCheckOf(store: EventStore, checkId: string): Promise<ManagementCheckState> {
  return (await loadState(store, managementCheckStream(checkId), evolveManagementCheck, initialManagementCheckState()))
    .state;
}

/** Whether a sign-in's state was completed already (a second callback with it is refused). */
export async function isSignInCompleted(store: EventStore, state: string): Promise<boolean> {
  return (await loadState(store, signInStream(state), evolveSignIn, initialSignInState())).state.completed;
}
