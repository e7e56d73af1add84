import { isPremium, planHoldingOf, type Tier } from '@vip/contracts';
import { loadState, type FoldStores } from '../core/load-state.ts';
import { isBotInServer } from '../guilds/bot-presence.ts';
import { evolveServerOwner, initialServerOwnerState, serverOwnerStream } from '../user-servers/server-owner.state.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  subscriptionStream,
} from '../subscriptions/subscription.state.ts';

/** What a key decision needs to know about a server, read from the log (never a read model). */
export interface ServerStanding {
  botInServer: boolean;
  /** premium while the server's owner's plan is (contracts' isPremium). */
  tier: Tier;
}

/**
 * The server's standing at `now`. Key generation is the hot path, so it reads at most three
 * short streams and stops early: no bot → no owner lookup, no owner → no plan lookup.
 */
export async function serverStanding(stores: FoldStores, guildId: string, now: Date): Promise<ServerStanding> {
  if (!(await isBotInServer(stores, guildId))) return { botInServer: false, tier: 'free' };
  const store = stores.eventStore;
  const { ownerId } = (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState()))
    .state;
  if (ownerId === null) return { botInServer: true, tier: 'free' };
  const plan = (await loadState(store, subscriptionStream(ownerId), evolveSubscription, initialSubscriptionState()))
    .state;
  return { botInServer: true, tier: isPremium(planHoldingOf(plan, now)) ? 'premium' : 'free' };
}
