import type { GuildSnapshot } from '@vip/contracts';
import { guildDecider } from '../src/guilds/guild.decider.ts';
import type { GuildEvent } from '../src/guilds/guild.state.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(guildDecider);
const GUILD = '100000000000000001';
const snapshot: GuildSnapshot = {
  name: 'Demo Server',
  icon: null,
  memberCount: 1234,
  channels: [
    { id: '100000000000000011', name: 'general' },
    { id: '100000000000000012', name: 'welcome' },
  ],
  missingPermissions: [],
};
const reported = (data: Partial<GuildSnapshot> = {}, reportedAt = NOW.toISOString()): GuildEvent => ({
  type: 'GuildReported',
  data: { guildId: GUILD, ...snapshot, ...data, reportedAt },
});
const left: GuildEvent = { type: 'GuildLeft', data: { guildId: GUILD, leftAt: NOW.toISOString() } };
const report = (data: Partial<GuildSnapshot> = {}) =>
  ({ type: 'ReportGuild', guildId: GUILD, snapshot: { ...snapshot, ...data } }) as const;

describe('guild decider', () => {
  it('records the first report of a server', () => {
    spec.given([]).when(report()).then([reported()]);
  });

  it('appends nothing for a report identical to what is known', () => {
    spec
      .given([reported({}, '2026-11-01T00:00:00.000Z')])
      .when(report())
      .then([]);
  });

  it('records a changed member count, name, icon, channel list or permission list', () => {
    const earlier = reported({}, '2026-11-01T00:00:00.000Z');
    for (const change of [
      { memberCount: 1235 },
      { name: 'Renamed' },
      { icon: 'abc123' },
      { channels: [{ id: '100000000000000011', name: 'general' }] },
      { missingPermissions: ['ManageRoles'] },
    ]) {
      spec
        .given([earlier])
        .when(report(change))
        .then([reported(change)]);
    }
  });

  it('records the same report again after the bot left and came back', () => {
    spec
      .given([reported({}, '2026-11-01T00:00:00.000Z'), left])
      .when(report())
      .then([reported()]);
  });

  it('records the bot leaving a server it is in', () => {
    spec.given([reported()]).when({ type: 'LeaveGuild', guildId: GUILD }).then([left]);
  });

  it('appends nothing when the bot leaves a server it is not in', () => {
    spec.given([]).when({ type: 'LeaveGuild', guildId: GUILD }).then([]);
    spec.given([reported(), left]).when({ type: 'LeaveGuild', guildId: GUILD }).then([]);
  });
});
