import type { EventFeed, FedEvent } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';

const handled = [
  'ServerClaimed',
  'ServerTakenOver',
  'ServerClaimVerified',
  'ServerClaimUnverified',
  'ServerReleased',
] as const;

interface Claim {
  userId: string;
  provenBy: string | null;
}

/**
 * Which servers have a verified owner (decisions.md §9): a subscriber whose Discord account
 * proved they manage the server. Claims made before proof existed are unverified until their
 * holder proves it (or a manager takes the server over); the bot does not act on the
 * greeting, auto-ping or log settings of a server without a verified owner.
 */
export class VerifiedOwners implements SnapshotPart<[string, Claim][]> {
  readonly name = 'verifiedOwners';
  /** guildId → the holder and the Discord account that proved it (null: unverified). */
  private readonly claims = new Map<string, Claim>();

  attach(feed: EventFeed): void {
    feed.on(handled, (event) => this.apply(event));
  }

  saveState(): [string, Claim][] {
    return [...this.claims];
  }

  restoreState(state: [string, Claim][]): void {
    refill(this.claims, state);
  }

  apply(event: FedEvent<(typeof handled)[number]>): void {
    const { guildId, userId } = event.data;
    switch (event.type) {
      case 'ServerClaimed':
        this.claims.set(guildId, { userId, provenBy: event.data.discordUserId });
        return;
      case 'ServerTakenOver':
      case 'ServerClaimVerified':
        this.claims.set(guildId, { userId, provenBy: event.data.discordUserId });
        return;
      case 'ServerClaimUnverified': {
        const claim = this.claims.get(guildId);
        if (claim?.userId === userId && claim.provenBy === event.data.discordUserId) claim.provenBy = null;
        return;
      }
      case 'ServerReleased':
        if (this.claims.get(guildId)?.userId === userId) this.claims.delete(guildId);
        return;
    }
  }

  /** The server is held by someone who proved they manage it in Discord. */
  hasVerifiedOwner(guildId: string): boolean {
    const claim = this.claims.get(guildId);
    return claim !== undefined && claim.provenBy !== null;
  }
}
