import {
  type AuditEventView,
  authReadModels,
  colorFromNumber,
  defaultGreetingSettings,
  type GuildDocument,
  type ServerSetting,
  type ServerSettingsChange,
  type SettingChange,
  serverReadModels,
  serverSettingEvents,
  settingChannelFields,
  settingUserFields,
  type UserDocument,
} from '@vip/contracts';

import type { ReadStore } from '@vip/platform';

type SettingValue = Record<string, unknown> | null;

/** A setting before anyone chose it: a greeting shows the spec's defaults, the rest nothing. */
const baseline = (setting: ServerSetting): SettingValue =>
  setting === 'greeting' ? { ...defaultGreetingSettings() } : null;

/**
 * What a settings event makes the setting of `guildId` (null: unset). A slot change is seen
 * from both servers: the new one enters the subscriber's slots, the old one leaves them.
 */
function valueAfter(doc: AuditEventView, guildId: string): SettingValue {
  const data = doc.data;
  switch (doc.type) {
    case 'GreetingConfigured':
      return { enabled: data.enabled, channelId: data.channelId, delay: data.delay, message: data.message };
    case 'GreetingRemoved':
      return baseline('greeting');
    case 'ServerClaimed':
      return { ownerId: data.userId };
    case 'ServerReleased':
      return null;
    case 'ServerTakenOver':
      return { ownerId: data.userId, verified: true };
    case 'ServerClaimVerified':
      return { ownerId: data.userId, verified: true };
    case 'ServerClaimUnverified':
      return { ownerId: data.userId, verified: false };
    case 'SubscriberServerRemoved':
      return null;
    case 'SubscriberServerAdded':
      return { subscriberId: data.userId };
    case 'SubscriberServerChanged':
      return data.newGuildId === guildId ? { subscriberId: data.userId } : null;
    case 'VipRoleChosen':
      return { roleId: data.roleId };
    case 'LogChannelSet':
      return { channelId: data.channelId };
    case 'AutoPingStarted':
      return { channelId: data.channelId, roleId: data.roleId, hours: data.hours };
    case 'AutoPingStopped':
      return null;
    case 'VerificationMessageConfigured':
      return {
        title: data.title,
        description: data.description,
        buttonLabel: data.buttonLabel,
        color: colorFromNumber(data.color as number),
      };
    case 'ServerSuspended':
      return { reason: data.reason };
    // back to the default message; a lifted suspension leaves nothing set
    case 'VerificationMessageReset':
    case 'ServerSuspensionLifted':
      return null;
    default:
      return null;
  }
}

/** Field by field, what changed from one value of a setting to the next. */
export function fieldChanges(before: SettingValue, after: SettingValue): SettingChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, from: before?.[field] ?? null, to: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.from) !== JSON.stringify(change.to));
}

/**
 * A server's settings history from its audit events (oldest first): each event with the
 * setting it touched and the fields it changed against that setting's previous value.
 */
export function settingsHistory(events: readonly AuditEventView[], guildId: string): ServerSettingsChange[] {
  const current = new Map<ServerSetting, SettingValue>();
  return events.flatMap((event) => {
    const setting = (serverSettingEvents as Record<string, ServerSetting | undefined>)[event.type];
    if (!setting) return [];
    const before = current.has(setting) ? current.get(setting)! : baseline(setting);
    const after = valueAfter(event, guildId);
    current.set(setting, after);
    return [{ ...event, setting, changes: fieldChanges(before, after) }];
  });
}

/**
 * The names of the users and channels a history's changes hold (two reads whatever its
 * length: the users by id, the server's own document for its channels).
 */
export async function settingNames(
  readStore: ReadStore,
  guildId: string,
  changes: readonly ServerSettingsChange[],
): Promise<Record<string, string>> {
  const idsIn = (fields: readonly string[]) => {
    const ids = new Set<string>();
    for (const change of changes)
      for (const diff of change.changes)
        if (fields.includes(diff.field))
          for (const value of [diff.from, diff.to]) if (typeof value === 'string') ids.add(value);
    return [...ids];
  };
  const userIds = idsIn(settingUserFields);
  const channelIds = new Set(idsIn(settingChannelFields));
  const [users, guild] = await Promise.all([
    userIds.length === 0
      ? []
      : readStore
          .collection<UserDocument>(authReadModels.users)
          .find({ _id: { $in: userIds } }, { projection: { _id: 1, username: 1 } }),
    channelIds.size === 0
      ? null
      : readStore.collection<GuildDocument>(serverReadModels.guilds).findOne({ _id: guildId }),
  ]);
  const names: Record<string, string> = {};
  for (const user of users) names[user._id] = user.username;
  for (const channel of guild?.channels ?? []) if (channelIds.has(channel.id)) names[channel.id] = channel.name;
  return names;
}
