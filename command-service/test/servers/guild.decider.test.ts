import { type GuildSnapshot, parseEvent } from '@vip/contracts';
import { expect } from 'chai';
import { guildDecider } from '../../src/servers/guild.decider.ts';
import type { GuildEvent } from '../../src/servers/guild.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

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
const reported = (data: Partial<GuildSnapshot> = {}, reportedAt = NOW.toISOString()): GuildEvent => {
  const { memberCount: _counted, ...facts } = { ...snapshot, ...data };
  return { type: 'GuildReported', data: { guildId: GUILD, ...facts, reportedAt } };
};
/** A report as versions before member counts had their own stream wrote it (v1: the count inside). */
const reportedV1 = (memberCount: number, reportedAt: string): GuildEvent =>
  parseEvent('GuildReported', { ...reported({}, reportedAt).data, memberCount }, 1) as GuildEvent;
const left: GuildEvent = { type: 'GuildLeft', data: { guildId: GUILD, leftAt: NOW.toISOString() } };
const report = (data: Partial<GuildSnapshot> = {}) =>
  ({ type: 'ReportGuild', guildId: GUILD, snapshot: { ...snapshot, ...data } }) as const;

describe('guild decider: the facts decisions need about a server', () => {
  it('records the first report of a server, without its member count', () => {
    spec.given([]).when(report()).then([reported()]);
  });

  it('appends nothing for a report identical to what is known', () => {
    spec
      .given([reported({}, '2026-11-01T00:00:00.000Z')])
      .when(report())
      .then([]);
  });

  it('appends nothing for a changed member count: counts are telemetry, kept apart', () => {
    spec
      .given([reported({}, '2026-11-01T00:00:00.000Z')])
      .when(report({ memberCount: 1235 }))
      .then([]);
    // nor after a log of reports written when each count change was a report
    spec
      .given([reportedV1(1000, '2026-10-01T00:00:00.000Z'), reportedV1(1001, '2026-11-01T00:00:00.000Z')])
      .when(report({ memberCount: 1235 }))
      .then([]);
  });

  it('records a changed name, icon, channel list or permission list', () => {
    const earlier = reported({}, '2026-11-01T00:00:00.000Z');
    for (const change of [
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

  it('keeps a state that survives JSON (it is snapshotted)', () => {
    const state = [reportedV1(5, '2026-11-01T00:00:00.000Z'), reported({ name: 'X' })].reduce(
      guildDecider.evolve,
      guildDecider.initialState(),
    );
    expect(JSON.parse(JSON.stringify(state))).to.deep.equal(state);
    expect(state).to.not.have.property('memberCount');
  });
});
