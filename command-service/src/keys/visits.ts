import type { CommandContext } from '../core/command-handler.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadFold } from '../core/load-state.ts';
import { visits } from './keys.commands.ts';
import { evolveVisitor, visitorFold, visitorStream } from './visitor.state.ts';

const DAY_MS = 86_400_000;
/**
 * How long into a UTC day a page load's first call may still lie in the day before. Its two
 * calls come within seconds; past this the day before's stream is not read, so a visit costs
 * one stream read for all but the first minutes of the day.
 */
const DAY_BEFORE_READ_MS = 10 * 60_000;

/** A call of the key page that counts as (part of) a visit. */
export interface VisitCall {
  /** The caller's normalized address (platform's clientAddress): turned into the day's digest here, kept nowhere. */
  address: string;
  guildId: string | null;
  botInServer: boolean;
  pageLoadId?: string;
}

/**
 * Records the page load on the address's stream of the day (once, whichever of its two calls
 * comes first) and answers the page loads of this address that day, this one included. A
 * load's two calls come within seconds: when midnight falls between them, the first is in the
 * stream of the day before, which the decision reads too in the first minutes of a day (both
 * from their snapshots, each a day of one address at most). Two calls arriving within the same
 * few milliseconds either side of midnight are the one case left that counts twice: they meet
 * at no common append.
 */
export async function recordVisit(
  deps: Pick<CommandDeps, 'eventStore' | 'snapshotStore' | 'visitorDigests'>,
  call: VisitCall,
  context: CommandContext,
): Promise<number> {
  const { address, guildId, botInServer, pageLoadId } = call;
  const [visitorDigest, dayBefore] = await Promise.all([
    deps.visitorDigests.of(address, context.now),
    pageLoadId && context.now.getTime() % DAY_MS < DAY_BEFORE_READ_MS
      ? deps.visitorDigests.ofDayBefore(address, context.now)
      : null,
  ]);
  const pageLoadsDayBefore = async () =>
    dayBefore ? (await loadFold(deps, visitorStream(dayBefore), visitorFold)).state.recentPageLoads : [];
  const command = {
    type: 'RecordVisit' as const,
    visitorDigest,
    guildId,
    botInServer,
    pageLoadId,
    pageLoadsDayBefore: await pageLoadsDayBefore(),
  };
  const { state, events } = await visits(deps, command, context, {
    // a retry after a concurrent append reads the day before afresh as well
    refresh: async (again) => ({ ...again, pageLoadsDayBefore: await pageLoadsDayBefore() }),
  });
  return events.reduce(evolveVisitor, state).visits;
}
