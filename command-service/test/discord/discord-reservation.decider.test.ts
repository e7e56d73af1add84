import { discordTexts } from '@vip/contracts';
import { discordReservationDecider } from '../../src/discord/discord-reservation.decider.ts';
import type { DiscordReservationEvent } from '../../src/discord/discord-reservation.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const D1 = '500000000000000001';
describe('discord account reservation (one panel user per Discord account)', () => {
  const spec = deciderSpec(discordReservationDecider);
  const reserved = (userId: string): DiscordReservationEvent => ({
    type: 'DiscordAccountReserved',
    data: { discordUserId: D1, userId, reservedAt: at },
  });

  it('reserves for the first user, again for the same user is a no-op, another user is refused', () => {
    spec
      .given([])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([reserved('u1')]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([]);
    spec
      .given([reserved('u1')])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u2' })
      .thenFails('conflict', discordTexts.accountTaken);
  });

  it('frees only the holder’s reservation; a freed account can be reserved by someone else', () => {
    const freed: DiscordReservationEvent = {
      type: 'DiscordAccountFreed',
      data: { discordUserId: D1, userId: 'u1', freedAt: at },
    };
    spec
      .given([reserved('u1')])
      .when({ type: 'FreeDiscordAccount', discordUserId: D1, userId: 'u2' })
      .then([]);
    spec
      .given([reserved('u1')])
      .when({ type: 'FreeDiscordAccount', discordUserId: D1, userId: 'u1' })
      .then([freed]);
    spec
      .given([reserved('u1'), freed])
      .when({ type: 'ReserveDiscordAccount', discordUserId: D1, userId: 'u2' })
      .then([reserved('u2')]);
  });
});
