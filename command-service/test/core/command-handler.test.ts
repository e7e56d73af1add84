import { errorTexts, whitelistTexts } from '@vip/contracts';
import { DomainError, type EventStore, Metrics, WrongExpectedRevisionError } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { announcementDecider } from '../../src/announcements/announcement.decider.ts';
import { announcementStream } from '../../src/announcements/announcement.state.ts';
import { type CommandContext, commandHandlerFor, RetryLater } from '../../src/core/command-handler.ts';
import { guildDecider } from '../../src/servers/guild.decider.ts';
import { guildStream } from '../../src/servers/guild.state.ts';
import { guildMembersDecider } from '../../src/servers/guild-members.decider.ts';
import { guildMembersStream } from '../../src/servers/guild-members.state.ts';
import { vipRoleProblemStream } from '../../src/vip-roles/vip-role-problem.state.ts';
import { vipRoleProblems } from '../../src/vip-roles/vip-roles.commands.ts';
import { type WhitelistCommand, whitelistDecider } from '../../src/whitelist/whitelist.decider.ts';
import { whitelistStream } from '../../src/whitelist/whitelist.state.ts';
import { NOW } from '../support/decider-spec.ts';

const context: CommandContext = {
  now: NOW,
  metadata: { correlationId: 'c1', causationId: 'c1', actor: { kind: 'admin', id: 'test' } },
};
const [GUILD, MEMBER] = ['100000000000000001', '100000000000000002'];
const add: WhitelistCommand = {
  type: 'AddWhitelistEntry',
  guildId: GUILD,
  userId: MEMBER,
  duration: 'weekly',
  days: null,
};
const remove: WhitelistCommand = { type: 'RemoveWhitelistEntry', guildId: GUILD, userId: MEMBER };

const whitelist = commandHandlerFor(whitelistDecider, (command) => whitelistStream(command.guildId, command.userId));
const announcements = commandHandlerFor(announcementDecider, (command) => announcementStream(command.announcementId));
const guilds = commandHandlerFor(guildDecider, (command) => guildStream(command.guildId));
const memberCounts = commandHandlerFor(guildMembersDecider, (command) => guildMembersStream(command.guildId));

/** The store, with its first `failures` appends refused as if another writer had been first. */
function contested(store: EventStore, failures: number, appends: string[]): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    append: async (...args: Parameters<EventStore['append']>) => {
      appends.push(`append@${String(args[2])}`);
      if (failures-- > 0) throw new WrongExpectedRevisionError(args[0], args[2], null);
      return store.append(...args);
    },
  });
}

/** The pipeline against a real embedded log: read, fold, decide, append at the revision, retry. */
describe('the command pipeline', () => {
  let store: EventStore;
  const types = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  it('appends what the decider decided, with the position it reached', async () => {
    const result = await whitelist({ eventStore: store }, add, context);
    expect(result.events.map((event) => event.type)).to.deep.equal(['WhitelistEntryAdded']);
    expect(result.position).to.equal(await store.headPosition());
    const [recorded] = await store.readStream(whitelistStream(GUILD, MEMBER));
    expect(recorded.metadata).to.include({ correlationId: 'c1', schemaVersion: 1 });
  });

  it('writes nothing when the decision is nothing new', async () => {
    const result = await guilds({ eventStore: store }, { type: 'LeaveGuild', guildId: GUILD }, context);
    expect(result).to.deep.include({ events: [], position: null });
    expect(await store.headPosition()).to.equal(null);
  });

  it('lets a refusal through and writes nothing', async () => {
    const refused = await announcements(
      { eventStore: store },
      { type: 'DeleteAnnouncement', announcementId: 'a1' },
      context,
    ).catch((error: unknown) => error);
    expect((refused as DomainError).message).to.equal(errorTexts.announcementNotFound);
    expect(await store.headPosition()).to.equal(null);
  });

  it('decides again on the fresher state when a concurrent writer got there first', async () => {
    await whitelist({ eventStore: store }, add, context);
    const outcomes = await Promise.allSettled([
      whitelist({ eventStore: store }, remove, context),
      whitelist({ eventStore: store }, remove, context),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as DomainError).message).to.equal(whitelistTexts.entryNotFound);
    expect(await types(whitelistStream(GUILD, MEMBER))).to.deep.equal(['WhitelistEntryAdded', 'WhitelistEntryRemoved']);
  });

  it('gives up after five attempts with a 503 that says when to come back, never a 500, and counts it', async () => {
    const appends: string[] = [];
    const metrics = new Metrics('test');
    const error = await whitelist({ eventStore: contested(store, 99, appends), metrics }, add, context).catch((e) => e);
    expect(error).to.be.instanceOf(RetryLater);
    expect(error).to.include({ kind: 'unavailable', code: 'unavailable', retryAfterSeconds: 1 });
    expect(appends).to.have.length(5);
    const [busy] = (await metrics.busyStreams.get()).values;
    expect(busy).to.deep.include({ value: 1, labels: { command: 'AddWhitelistEntry' } });
  });

  it('succeeds on a later attempt when the writers before it are done', async () => {
    const appends: string[] = [];
    const result = await whitelist({ eventStore: contested(store, 4, appends) }, add, context);
    expect(appends).to.have.length(5);
    expect(result.events.map((event) => event.type)).to.deep.equal(['WhitelistEntryAdded']);
  });

  it('decides a new stream without reading it, and `no_stream` catches an id already taken', async () => {
    const post = {
      type: 'PostAnnouncement',
      announcementId: 'a1',
      title: 'T',
      content: 'C',
      priority: 'low',
      authorId: 'u1',
    } as const;
    const appends: string[] = [];
    await announcements({ eventStore: contested(store, 0, appends) }, post, context, { withoutReading: 'new' });
    expect(appends).to.deep.equal(['append@no_stream']);
    const again = await announcements({ eventStore: store }, post, context, { withoutReading: 'new' }).catch((e) => e);
    expect((again as DomainError).message).to.equal('Announcement already exists');
    expect(await types(announcementStream('a1'))).to.deep.equal(['AnnouncementPosted']);
  });

  it('reads only the last event of telemetry, skips an unchanged value, and appends at any revision', async () => {
    const reads: unknown[] = [];
    const appends: string[] = [];
    const watched = Object.assign(contested(store, 0, appends), {
      readStream: async (...args: Parameters<EventStore['readStream']>) => {
        reads.push(args[1]);
        return store.readStream(...args);
      },
    });
    for (const memberCount of [5, 5, 6])
      await memberCounts({ eventStore: watched }, { type: 'CountMembers', guildId: GUILD, memberCount }, context);
    expect(reads).to.deep.equal(Array(3).fill({ backwards: true, maxCount: 1 }));
    expect(appends).to.deep.equal(['append@any', 'append@any']);
    const counts = (await store.readStream(guildMembersStream(GUILD))).map((event) => event.data);
    expect(counts).to.deep.equal([
      { guildId: GUILD, memberCount: 5, reportedAt: NOW.toISOString() },
      { guildId: GUILD, memberCount: 6, reportedAt: NOW.toISOString() },
    ]);
  });

  it('reads only the last event of a stream that races by retrying, and appends at its revision', async () => {
    const appends: string[] = [];
    const failure = (failureId: string) =>
      ({
        type: 'RecordVipRoleFailure',
        guildId: GUILD,
        discordUserId: MEMBER,
        action: 'grant',
        problem: 'missing-permissions',
        roleId: null,
        failureId,
      }) as const;
    await vipRoleProblems({ eventStore: contested(store, 0, appends) }, failure('f1'), context);
    // the same failure again is not news: nothing to append
    await vipRoleProblems({ eventStore: contested(store, 0, appends) }, failure('f1'), context);
    // a concurrent writer makes the append at the revision read fail: decided again, appended then
    await vipRoleProblems({ eventStore: contested(store, 1, appends) }, failure('f2'), context);
    expect(appends).to.deep.equal(['append@no_stream', 'append@0', 'append@0']);
    expect(await types(vipRoleProblemStream(GUILD))).to.deep.equal(['VipRoleFailed', 'VipRoleFailed']);
  });

  it('runs beforeAppend after each decision and refreshes the inputs before a retry', async () => {
    const steps: string[] = [];
    const result = await whitelist({ eventStore: contested(store, 1, steps) }, add, context, {
      refresh: async (command) => {
        steps.push('refresh');
        return { ...command, duration: 'lifetime' } as WhitelistCommand;
      },
      beforeAppend: async (events) => {
        steps.push(`before ${events[0].type}`);
      },
    });
    expect(steps).to.deep.equal([
      'before WhitelistEntryAdded',
      'append@no_stream',
      'refresh',
      'before WhitelistEntryAdded',
      'append@no_stream',
    ]);
    expect(result.events[0].data).to.include({ duration: 'lifetime' });
  });

  it('a refusal in beforeAppend appends nothing', async () => {
    const refusal = new DomainError('conflict', 'taken');
    const error = await whitelist({ eventStore: store }, add, context, {
      beforeAppend: async () => {
        throw refusal;
      },
    }).catch((e) => e);
    expect(error).to.equal(refusal);
    expect(await types(whitelistStream(GUILD, MEMBER))).to.deep.equal([]);
  });
});
