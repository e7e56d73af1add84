import { colorFromNumber, defaultVerificationMessage, type VerificationMessage } from '@vip/contracts';
import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import type { ServerStandings } from './server-standing.ts';

/**
 * The owners' own key-verification messages, folded from the log. /send posts a server's own
 * message only while its owner's plan includes one (decisions.md §11); otherwise, and where
 * none is saved, the default. A saved message is kept across a plan's end and used again
 * after renewal.
 */
export class VerificationMessages implements SnapshotPart<[string, VerificationMessage][]> {
  readonly name = 'verificationMessages';
  private readonly saved = new Map<string, VerificationMessage>();

  constructor(private readonly standings: ServerStandings) {}

  saveState(): [string, VerificationMessage][] {
    return [...this.saved];
  }

  restoreState(state: [string, VerificationMessage][]): void {
    refill(this.saved, state);
  }

  attach(feed: EventFeed): void {
    feed.on(['VerificationMessageConfigured', 'VerificationMessageReset'], (event) => {
      if (event.type === 'VerificationMessageReset') {
        this.saved.delete(event.data.guildId);
        return;
      }
      const { guildId, title, description, buttonLabel, color } = event.data;
      this.saved.set(guildId, { title, description, buttonLabel, color: colorFromNumber(color) });
    });
  }

  /** What /send posts in this server at `now`. */
  messageFor(guildId: string, now: number): { message: VerificationMessage; custom: boolean } {
    const saved = this.saved.get(guildId);
    if (saved && this.standings.includes(guildId, 'customVerificationMessage', now))
      return { message: saved, custom: true };
    return { message: defaultVerificationMessage, custom: false };
  }
}
