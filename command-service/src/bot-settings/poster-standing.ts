import { botSettingsTexts, configDefaults, errorCodes, type PlanHolding } from '@vip/contracts';
import { DomainError, type EventStore } from '@vip/platform';
import { loadState } from '../core/load-state.ts';
import { planOfSubscriber } from '../subscriptions/subscriptions.commands.ts';
import { isServerSuspended, serverSuspendedError } from '../suspensions/suspensions.commands.ts';
import {
  evolveServerOwner,
  hasVerifiedOwner,
  initialServerOwnerState,
  serverOwnerStream,
} from '../servers/server-owner.state.ts';
import { evolveUserServers, initialUserServersState, userServersStream } from '../servers/user-servers.state.ts';

/**
 * Whether the poster bot may post in a server (spec §9: the poster bot's Business plan, "up
 * to 3 servers"). A server's plan is its owner's: the subscriber whose panel lists it, as for
 * the key page's tier. The plan covers the poster bot in the first `serverSlots` servers of
 * that list, so the owner chooses which ones by the order they added them.
 */
export type PosterStanding =
  | { covered: true }
  | {
      covered: false;
      reason: 'suspended' | 'no_plan' | 'unverified' | 'other_plan' | 'plan_ended' | 'beyond_limit';
      servers: number;
    };

const { posterPlan } = configDefaults;

/** The subscriber's plan is the poster bot's plan (by name, as subscriptions name plans). */
export const planIncludesPoster = (holding: Pick<PlanHolding, 'planName'>) =>
  holding.planName.trim().toLowerCase() === posterPlan.name.toLowerCase();

/** Where the server sits in its owner's list of servers (0 first), -1 when it is not there. */
async function placeInOwnersServers(store: EventStore, userId: string, guildId: string): Promise<number> {
  const { state } = await loadState(store, userServersStream(userId), evolveUserServers, initialUserServersState());
  return state.servers.indexOf(guildId);
}

/**
 * The server's standing at `now`, read from the log. The one place where the conditions
 * meet, each its own function: not suspended (suspensions), an owner who proved they manage
 * it (Discord identity), their plan running and being the poster's (plans), and the server
 * among the first the plan covers; checked in the order a member would fix them.
 */
export async function posterStanding(store: EventStore, guildId: string, now: Date): Promise<PosterStanding> {
  const servers = posterPlan.serverSlots;
  const refused = (reason: Exclude<PosterStanding, { covered: true }>['reason']): PosterStanding => ({
    covered: false,
    reason,
    servers,
  });
  if (await isServerSuspended(store, guildId)) return refused('suspended');
  const owner = (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState()))
    .state;
  if (owner.ownerId === null) return refused('no_plan');
  const holding = await planOfSubscriber(store, owner.ownerId, now);
  if (holding === null) return refused('no_plan');
  if (!hasVerifiedOwner(owner)) return refused('unverified');
  if (!planIncludesPoster(holding)) return refused('other_plan');
  if (!holding.active) return refused('plan_ended');
  const place = await placeInOwnersServers(store, owner.ownerId, guildId);
  if (place < 0) return refused('no_plan');
  if (place >= servers) return refused('beyond_limit');
  return { covered: true };
}

/** The refusal a member reads for a server the plan does not cover; null when it does. */
export function posterRefusal(standing: PosterStanding): DomainError | null {
  if (standing.covered) return null;
  const planRequired = (text: string) => new DomainError('forbidden', text, errorCodes.posterPlanRequired);
  switch (standing.reason) {
    case 'suspended':
      return serverSuspendedError();
    case 'no_plan':
      return planRequired(botSettingsTexts.posterNoPlan);
    case 'unverified':
      return planRequired(botSettingsTexts.posterUnverifiedOwner);
    case 'other_plan':
      return planRequired(botSettingsTexts.posterOtherPlan);
    case 'plan_ended':
      return planRequired(botSettingsTexts.posterPlanEnded);
    case 'beyond_limit':
      return new DomainError(
        'forbidden',
        botSettingsTexts.posterServerLimit(standing.servers),
        errorCodes.posterServerLimit,
      );
  }
}
