import {
  type AuditDocument,
  type AuditQuery,
  auditReadModels,
  type ServerSetting,
  serverSettingEvents,
} from '@vip/contracts';
import type { Collection, Filter, ReadStore } from '@vip/platform';

/**
 * The audit index's queries, each in a shape one of the audit projector's declared indexes
 * answers ({position}, {guildIds, position}, {userIds, position}, {type, position},
 * {keyDigests, position}, {time, position}, {guildIds, type, position}): an equality on the
 * leading field, a range and a sort on the position, a limit. None reads more documents than
 * the page it answers, whatever the length of the log.
 */

/** A key's life is a handful of events; this many at most are shown. */
export const KEY_LIFE_MAX = 1_000;
/** The newest changes of a server's settings shown (its history is as long as the server's life). */
export const SETTINGS_HISTORY_MAX = 500;

const auditOf = (readStore: ReadStore): Collection<AuditDocument> =>
  readStore.collection<AuditDocument>(auditReadModels.audit);

/** Newest first, position descending: several sorted lists merged, the first `limit`. */
function newestOf(lists: readonly AuditDocument[][], limit: number): AuditDocument[] {
  return lists
    .flat()
    .sort((a, b) => b.position - a.position)
    .slice(0, limit);
}

/**
 * The position range a time range covers: the first event at or after `from`, the last at or
 * before `to` (the {time, position} index). The log's times follow its order, so the events
 * between those positions are the events of the time range. Null: no event in it.
 */
async function positionsOf(
  audit: Collection<AuditDocument>,
  from: string | undefined,
  to: string | undefined,
): Promise<{ $gte?: number; $lte?: number } | null> {
  const range: { $gte?: number; $lte?: number } = {};
  if (from) {
    const [first] = await audit.find({ time: { $gte: from } }, { sort: { time: 1, position: 1 }, limit: 1 });
    if (!first) return null;
    range.$gte = first.position;
  }
  if (to) {
    const [last] = await audit.find({ time: { $lte: to } }, { sort: { time: -1, position: -1 }, limit: 1 });
    if (!last) return null;
    range.$lte = last.position;
  }
  return range;
}

/**
 * One page of the audit trail, newest first: `limit` documents (and one more, which tells
 * whether an older page exists). Several types are one query each, merged.
 */
export async function auditPage(readStore: ReadStore, query: AuditQuery, limit: number): Promise<AuditDocument[]> {
  const audit = auditOf(readStore);
  const position: Record<string, number> = {};
  if (query.from || query.to) {
    const range = await positionsOf(audit, query.from, query.to);
    if (!range) return [];
    Object.assign(position, range);
  }
  if (query.before) position.$lt = query.before;
  const filter: Filter = {};
  if (query.guildId) filter.guildIds = query.guildId;
  if (query.userId) filter.userIds = query.userId;
  if (Object.keys(position).length > 0) filter.position = position;
  const page = (extra: Filter) => audit.find({ ...filter, ...extra }, { sort: { position: -1 }, limit });
  if (!query.type) return page({});
  return newestOf(await Promise.all(query.type.map((type) => page({ type }))), limit);
}

/** Every event of a key's life, oldest first (the {keyDigests, position} index). */
export function keyLife(readStore: ReadStore, keyDigest: string): Promise<AuditDocument[]> {
  return auditOf(readStore).find({ keyDigests: keyDigest }, { sort: { position: 1 }, limit: KEY_LIFE_MAX });
}

const settingTypes = Object.keys(serverSettingEvents) as Array<keyof typeof serverSettingEvents>;

/**
 * A server's settings events for its history: the newest SETTINGS_HISTORY_MAX changes, oldest
 * first, and before them, for each setting changed in that window, the change that set its
 * previous value (so the first change shown is told against what it replaced). One query per
 * event type on the {guildIds, type, position} index.
 */
export async function settingsEvents(
  readStore: ReadStore,
  guildId: string,
  max = SETTINGS_HISTORY_MAX,
): Promise<{ priming: AuditDocument[]; changes: AuditDocument[] }> {
  const audit = auditOf(readStore);
  const newest = (type: string, position?: { $lt: number }, limit = max) =>
    audit.find({ guildIds: guildId, type, ...(position ? { position } : {}) }, { sort: { position: -1 }, limit });
  const changes = newestOf(await Promise.all(settingTypes.map((type) => newest(type))), max);
  if (changes.length < max) return { priming: [], changes: changes.reverse() };
  const windowStart = changes[changes.length - 1].position;
  const settings = new Set<ServerSetting>(
    changes.map((doc) => serverSettingEvents[doc.type as keyof typeof serverSettingEvents]),
  );
  const before = await Promise.all(
    settingTypes
      .filter((type) => settings.has(serverSettingEvents[type]))
      .map((type) => newest(type, { $lt: windowStart }, 1)),
  );
  // per setting, the last change before the window
  const priming = new Map<ServerSetting, AuditDocument>();
  for (const doc of before.flat()) {
    const setting = serverSettingEvents[doc.type as keyof typeof serverSettingEvents];
    if ((priming.get(setting)?.position ?? -1) < doc.position) priming.set(setting, doc);
  }
  return {
    priming: [...priming.values()].sort((a, b) => a.position - b.position),
    changes: changes.reverse(),
  };
}
