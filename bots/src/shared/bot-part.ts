import type { EventFeed } from './event-feed.ts';
import type { SnapshotPart } from './fold-checkpoint.ts';

/**
 * One piece of a bot (a fold, a schedule, a reporter). A bot keeps one list of its parts and
 * runs each from it: attached to the feed before it starts, saved in and restored from the
 * snapshot when it has a fold, started with the connected bot's context once Discord is
 * ready (nothing acts before), stopped on the way out.
 */
export interface BotPart<Context> extends Partial<SnapshotPart> {
  /** The part's fold's name in the snapshot. */
  readonly name: string;
  attach?(feed: EventFeed): void;
  start?(context: Context): void;
  stop?(): void;
}

/** The parts whose fold the snapshot keeps, by name. */
export function foldsOf<Context>(parts: readonly BotPart<Context>[]): Record<string, SnapshotPart> {
  const folds: Record<string, SnapshotPart> = {};
  for (const part of parts) {
    const { saveState, restoreState } = part;
    if (!saveState || !restoreState) continue;
    if (Object.hasOwn(folds, part.name)) throw new Error(`two parts of one bot are named ${part.name}`);
    folds[part.name] = {
      saveState: () => saveState.call(part),
      restoreState: (state) => restoreState.call(part, state),
    };
  }
  return folds;
}
