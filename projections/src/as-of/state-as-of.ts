import {
  type AuditStateReady,
  analyticsReadModels,
  auditProjection,
  botReadModels,
  currentSchemaVersion,
  type DailyStatsDocument,
  type GuildDocument,
  greetingReadModels,
  guildIdsOf,
  isKnownEventType,
  isVipRoleActive,
  type KeyDocument,
  type KeyStateAsOf,
  keyDigestOf,
  keyReadModels,
  type ServerDailyDocument,
  type ServerStateAsOf,
  type StatisticsAsOf,
  serverReadModels,
  sponsorReadModels,
  statsReadModels,
  storedSchemaVersion,
  suspensionReadModels,
  upcast,
  type VipRoleDocument,
  verificationMessageReadModels,
  vipRoleId,
  vipRoleReadModels,
} from '@vip/contracts';
import type { EventStore, ReadStore, RecordedEvent } from '@vip/platform';
import { allProjectors } from '../read-models/index.ts';
import { type RebuildProgress, rebuildReadModels } from '../rebuild.ts';

/** The read models that hold a server's settings, each under the name the state shows it by. */
const settingModels = {
  server: serverReadModels.guilds,
  owner: serverReadModels.serverOwners,
  greeting: greetingReadModels.greetings,
  botSettings: botReadModels.botSettings,
  verificationMessage: verificationMessageReadModels.verificationMessages,
  suspension: suspensionReadModels.suspensions,
  sponsor: sponsorReadModels.serverSponsors,
} as const;

/** Every read model but the audit trail (one document per event, and not part of any state shown). */
const stateProjectors = allProjectors.filter((projector) => projector.name !== auditProjection);

/**
 * "State as of here" (issue #15): replays the read models up to `position` into `scratch` (the
 * `replay --until` machinery) and reads from them what the event at that position concerns: its
 * servers' settings and figures, its key's status, and the statistics. Times (a key's expiry,
 * a VIP window) are judged at the moment the event was recorded. Null: no event there.
 */
export async function stateAsOf(
  eventStore: EventStore,
  scratch: ReadStore,
  position: number,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<AuditStateReady | null> {
  const [event] = await eventStore.readEventsAt([position]);
  if (!event) return null;
  const data = todaysData(event);
  await rebuildReadModels(eventStore, scratch, stateProjectors, { until: { position }, onProgress });
  const at = event.createdAt;
  const keyDigest = keyDigestOf(data);
  return {
    status: 'ready',
    position,
    time: at.toISOString(),
    servers: await Promise.all(guildIdsOf(data, event.type).map((guildId) => serverState(scratch, guildId))),
    key: keyDigest ? await keyState(scratch, keyDigest, at) : null,
    statistics: await statistics(scratch),
  };
}

function todaysData(event: RecordedEvent): Record<string, unknown> {
  try {
    const data = isKnownEventType(event.type)
      ? upcast(event.type, event.data, storedSchemaVersion(event.metadata), currentSchemaVersion(event.type))
      : event.data;
    return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A document without the store's bookkeeping. */
function shown(doc: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!doc) return null;
  const { _id, lastPosition, ...fields } = doc;
  return fields;
}

async function serverState(store: ReadStore, guildId: string): Promise<ServerStateAsOf> {
  const settings: ServerStateAsOf['settings'] = {};
  for (const [name, collection] of Object.entries(settingModels))
    settings[name] = shown(await store.collection<{ _id: string }>(collection).findOne({ _id: guildId }));
  const days = await store.collection<ServerDailyDocument>(analyticsReadModels.serverDaily).find({ guildId });
  const guild = settings.server as Partial<GuildDocument> | null;
  return {
    guildId,
    name: guild?.name ?? null,
    settings,
    statistics: {
      keysGenerated: sum(days, (day) => day.keysGenerated),
      keysRedeemed: sum(days, (day) => day.keysRedeemed),
      visits: sum(days, (day) => day.visits),
    },
  };
}

async function keyState(store: ReadStore, keyDigest: string, at: Date): Promise<KeyStateAsOf> {
  const key = await store.collection<KeyDocument>(keyReadModels.keys).findOne({ _id: keyDigest });
  // the member's window this key opened or prolonged (a later key may have prolonged it since)
  const vipRole = key?.redeemedBy
    ? await store
        .collection<VipRoleDocument>(vipRoleReadModels.vipRoles)
        .findOne({ _id: vipRoleId(key.guildId, key.redeemedBy) })
    : null;
  let status: KeyStateAsOf['status'] = 'not generated';
  if (key) {
    if (key.redeemedAt !== null) status = 'redeemed';
    else status = new Date(key.expiresAt).getTime() <= at.getTime() ? 'expired' : 'valid';
  }
  return {
    keyDigest,
    status,
    key: shown(key as unknown as Record<string, unknown> | null),
    vipRole: vipRole
      ? { ...shown(vipRole as unknown as Record<string, unknown>), active: isVipRoleActive(vipRole, at) }
      : null,
  };
}

async function statistics(store: ReadStore): Promise<StatisticsAsOf> {
  const days = await store.collection<DailyStatsDocument>(statsReadModels.daily).find({});
  return {
    keysGenerated: sum(days, (day) => day.keysGenerated),
    keysRedeemed: sum(days, (day) => day.keysRedeemed),
    visits: sum(days, (day) => day.visits),
    distinctVisitors: await store.collection(keyReadModels.visitors).countDocuments({}),
    serversWithTheBot: await store
      .collection<GuildDocument>(serverReadModels.guilds)
      .countDocuments({ botPresent: true }),
  };
}

const sum = <T>(items: readonly T[], of: (item: T) => number): number =>
  items.reduce((total, item) => total + (of(item) ?? 0), 0);
