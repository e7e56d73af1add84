import { configDefaults, type PlanHolding } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { type FoldStores, loadFold } from '../core/load-state.ts';
import { hasVerifiedOwner } from '../servers/server-owner.state.ts';
import { ownerOf, slotsHeldBy } from '../servers/servers.reads.ts';
import { planOfSubscriber } from '../subscriptions/subscriptions.commands.ts';
import { isServerSuspended } from '../suspensions/suspensions.commands.ts';
import { autoPingDecider } from './auto-ping.decider.ts';
import { autoPingStream } from './auto-ping.state.ts';
import { botSettingsDecider } from './bot-settings.decider.ts';
import { botSettingsStream } from './bot-settings.state.ts';
import { type PosterStanding, videoPostDecider } from './video-post.decider.ts';
import { type VideoPostState, videoPostFold, videoPostStream } from './video-post.state.ts';

// the bots read their settings back from the log: nothing here waits for a projection
export const botSettings = commandHandlerFor(botSettingsDecider, (command) => botSettingsStream(command.guildId));
export const autoPings = commandHandlerFor(autoPingDecider, (command) => autoPingStream(command.guildId));
export const videoPosts = commandHandlerFor(videoPostDecider, (command) => videoPostStream(command.postId));

const { posterPlan } = configDefaults;

/** The subscriber's plan is the poster bot's plan (by name, as subscriptions name plans). */
export const planIncludesPoster = (holding: Pick<PlanHolding, 'planName'>) =>
  holding.planName.trim().toLowerCase() === posterPlan.name.toLowerCase();

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
  const owner = await ownerOf(store, guildId);
  if (owner.ownerId === null) return refused('no_plan');
  const holding = await planOfSubscriber(store, owner.ownerId, now);
  if (holding === null) return refused('no_plan');
  if (!hasVerifiedOwner(owner)) return refused('unverified');
  if (!planIncludesPoster(holding)) return refused('other_plan');
  if (!holding.active) return refused('plan_ended');
  // where the server sits in its owner's list of servers (0 first), -1 when it is not there
  const place = (await slotsHeldBy(store, owner.ownerId)).indexOf(guildId);
  if (place < 0) return refused('no_plan');
  if (place >= servers) return refused('beyond_limit');
  return { covered: true };
}

/** A scheduled post as its stream has it (read from its snapshot: a repeating post grows). */
export async function videoPostOf(stores: FoldStores, postId: string): Promise<VideoPostState> {
  return (await loadFold(stores, videoPostStream(postId), videoPostFold)).state;
}
