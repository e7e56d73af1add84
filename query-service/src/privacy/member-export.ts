import {
  type AuditDocument,
  auditReadModels,
  type PersonalDataExport,
  type PersonalFact,
  parseRecordedEvent,
  type SentenceNames,
  sentenceOf,
  type VipRoleDocument,
  vipRoleReadModels,
  type WhitelistDocument,
  whitelistReadModels,
} from '@vip/contracts';
import { AuditNames, type EventStore, type ReadStore, redactEventData } from '@vip/platform';

/** Facts read from the log per page: a person's copy costs their own facts, never the log's length. */
const PAGE = 500;
/** What stands in the copy for anyone but the person it is for. */
const someoneElse = 'someone else';
/** The fields of events that name a person (a user, a member, who ran a command). */
const PERSON_FIELDS = [
  'userId',
  'discordUserId',
  'authorId',
  'previousUserId',
  'chosenBy',
  'setBy',
  'clearedBy',
  'startedBy',
  'stoppedBy',
  'scheduledBy',
  'cancelledBy',
];

/**
 * A Discord member's copy of their data: what the read models hold about them now, and every
 * fact of the log that names them (found through the audit trail's index by person, so the
 * read covers their facts only), each with its time and a sentence. Anyone else an event
 * names reads "someone else"; digests and secrets are redacted as in the audit trail.
 */
export async function memberExport(
  eventStore: EventStore,
  readStore: ReadStore,
  discordUserId: string,
  now: Date,
): Promise<PersonalDataExport> {
  const [windows, entries] = await Promise.all([
    readStore.collection<VipRoleDocument>(vipRoleReadModels.vipRoles).find({ discordUserId }),
    readStore.collection<WhitelistDocument>(whitelistReadModels.whitelist).find({ userId: discordUserId }),
  ]);
  return {
    person: { kind: 'discord-member', discordUserId },
    exportedAt: now.toISOString(),
    current: {
      vipWindows: windows
        .filter((window) => window.removedAt === null)
        .map(({ guildId, until }) => ({ guildId, until })),
      whitelistEntries: entries.map(({ guildId, duration, expiresAt }) => ({ guildId, duration, expiresAt })),
    },
    facts: await factsAbout(eventStore, readStore, discordUserId),
  };
}

/**
 * Every fact of the log that names `person`, oldest first, read through the audit trail's
 * index by person. `alsoThem` are other ids of the same person (a panel user's linked Discord
 * account): they are shown as they are, not as "someone else".
 */
export async function factsAbout(
  eventStore: EventStore,
  readStore: ReadStore,
  person: string,
  alsoThem: readonly string[] = [],
): Promise<PersonalFact[]> {
  const them = new Set([person, ...alsoThem]);
  const audit = readStore.collection<AuditDocument>(auditReadModels.audit);
  const servers = new AuditNames(readStore);
  const names: SentenceNames = {
    server: (guildId) => servers.names.server(guildId),
    user: (userId) => (them.has(userId) ? undefined : someoneElse),
  };
  const facts: PersonalFact[] = [];
  for (let after = -1; ; ) {
    const docs = await audit.find(
      { userIds: person, position: { $gt: after } },
      { sort: { position: 1 }, limit: PAGE },
    );
    if (docs.length === 0) return facts;
    after = docs[docs.length - 1].position;
    await servers.load(
      docs.flatMap((doc) => doc.guildIds),
      [],
    );
    const events = new Map(
      (await eventStore.readEventsAt(docs.map((doc) => doc.position))).map((e) => [e.position, e]),
    );
    for (const doc of docs) {
      const event = events.get(doc.position);
      if (!event) continue;
      const data = onlyAbout(them, parseRecordedEvent(event).data as Record<string, unknown>);
      const actorId = event.metadata.actor.id;
      const actor = { ...event.metadata.actor, id: them.has(actorId) ? actorId : someoneElse };
      facts.push({
        time: doc.time,
        type: doc.type,
        sentence: sentenceOf(doc.type, data, { actor, time: doc.time, names }),
        data: redactEventData(data).shown,
      });
    }
  }
}

/** The event's data with every person but `them` named "someone else". */
function onlyAbout(them: ReadonlySet<string>, data: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...data };
  for (const field of PERSON_FIELDS)
    if (typeof shown[field] === 'string' && !them.has(shown[field])) shown[field] = someoneElse;
  return shown;
}
