import { isPremium, projections, type Tier } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import type { FoldStores } from '../core/load-state.ts';
import { isBotInServer, ownerOfServer } from '../servers/servers.reads.ts';
import { planOfSubscriber } from '../subscriptions/subscriptions.commands.ts';
import { accessHashDecider } from './access-hash.decider.ts';
import { accessHashStream } from './access-hash.state.ts';
import { keyDecider } from './key.decider.ts';
import { keyStream } from './key.state.ts';
import { visitorDecider } from './visitor.decider.ts';
import { visitorStream } from './visitor.state.ts';

/** Keys are generated and redeemed through here; nobody re-reads a key at once, so nothing waits. */
export const keys = commandHandlerFor(keyDecider, (command) => keyStream(command.keyDigest));

/**
 * One-time links. An issued link is validated by the hash gate right after the answer: the
 * answer waits until the check finds it, and is refused (503) rather than hand out a link that
 * would read as unknown. A link used by key generation is not read back: nothing waits.
 */
export const accessHashes = commandHandlerFor(accessHashDecider, (command) => accessHashStream(command.hashDigest), {
  readYourWrites: { projection: projections.accessHashes, ifLate: 'refuse', only: ['IssueAccessHash'] },
});

/** Visits to the key pages, each address on its own stream. */
export const visits = commandHandlerFor(visitorDecider, (command) => visitorStream(command.visitorDigest));

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
  const ownerId = await ownerOfServer(store, guildId);
  if (ownerId === null) return { botInServer: true, tier: 'free' };
  return { botInServer: true, tier: isPremium(await planOfSubscriber(store, ownerId, now)) ? 'premium' : 'free' };
}
