import { type EventOf, personalStreams } from '@vip/contracts';

/** Stream `discord-account-<pseudonym>`: the reservation that keeps a Discord account with one panel user. */
export const discordAccountStream = personalStreams.discordAccount;

export type DiscordReservationEvent = EventOf<'DiscordAccountReserved' | 'DiscordAccountFreed'>;
export interface DiscordReservationState {
  userId: string | null;
}

export const initialDiscordReservationState = (): DiscordReservationState => ({ userId: null });

export const evolveDiscordReservation = (
  _state: DiscordReservationState,
  event: DiscordReservationEvent,
): DiscordReservationState => ({ userId: event.type === 'DiscordAccountReserved' ? event.data.userId : null });
