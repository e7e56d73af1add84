import type { EventOf } from '@vip/contracts';

/** Stream `discord-account-<discordUserId>`: the reservation that keeps a Discord account with one panel user. */
export const discordAccountStream = (discordUserId: string) => `discord-account-${discordUserId}`;

export type DiscordReservationEvent = EventOf<'DiscordAccountReserved' | 'DiscordAccountFreed'>;
export interface DiscordReservationState {
  userId: string | null;
}

export const initialDiscordReservationState = (): DiscordReservationState => ({ userId: null });

export const evolveDiscordReservation = (
  _state: DiscordReservationState,
  event: DiscordReservationEvent,
): DiscordReservationState => ({ userId: event.type === 'DiscordAccountReserved' ? event.data.userId : null });
