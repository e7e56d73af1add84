import {
  authReadModels,
  type GuildDocument,
  type SentenceNames,
  serverReadModels,
  type UserDocument,
} from '@vip/contracts';
import type { ReadStore } from '../read-store/read-store.ts';

/** Names kept at most: an export of a long range meets many servers and people. */
const KEPT = 10_000;

/**
 * The names audit sentences use, read from the read models when the trail is read (events
 * hold ids): servers as the key bot last reported them, users by their username. `load`
 * fetches the unknown ones of a page in one query per kind; `names` then answers at once.
 */
export class AuditNames {
  private readonly servers = new Map<string, string | null>();
  private readonly users = new Map<string, string | null>();

  constructor(private readonly readStore: ReadStore) {}

  readonly names: SentenceNames = {
    server: (guildId) => this.servers.get(guildId) ?? undefined,
    user: (userId) => this.users.get(userId) ?? undefined,
  };

  async load(guildIds: Iterable<string>, userIds: Iterable<string>): Promise<void> {
    const servers = unknownOf(this.servers, guildIds);
    const users = unknownOf(this.users, userIds);
    const [guildDocs, userDocs] = await Promise.all([
      servers.length === 0
        ? []
        : this.readStore.collection<GuildDocument>(serverReadModels.guilds).find({ _id: { $in: servers } }),
      users.length === 0
        ? []
        : this.readStore.collection<UserDocument>(authReadModels.users).find({ _id: { $in: users } }),
    ]);
    remember(this.servers, servers, new Map(guildDocs.map((doc) => [doc._id, doc.name])));
    remember(this.users, users, new Map(userDocs.map((doc) => [doc._id, doc.username])));
  }
}

function unknownOf(known: Map<string, string | null>, ids: Iterable<string>): string[] {
  const unknown = new Set<string>();
  for (const id of ids) if (!known.has(id)) unknown.add(id);
  return [...unknown];
}

function remember(known: Map<string, string | null>, asked: string[], found: Map<string, string>): void {
  if (known.size + asked.length > KEPT) known.clear();
  // an id without a name is remembered too, so it is not asked for again
  for (const id of asked) known.set(id, found.get(id) ?? null);
}
