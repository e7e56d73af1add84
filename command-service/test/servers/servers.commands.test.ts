import { discordTexts, serverTexts } from '@vip/contracts';
import { DomainError, type EventStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import type { CommandContext } from '../../src/core/command-handler.ts';
import { addSubscriberServer, changeSubscriberServer } from '../../src/servers/servers.commands.ts';
import { NOW } from '../support/decider-spec.ts';

const context: CommandContext = {
  now: NOW,
  metadata: { correlationId: 'c1', causationId: 'c1', actor: { kind: 'user', id: 'test' } },
};
const [S1, S2, S3, S4] = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];

/** The claim, slot and compensation steps against a real embedded log. */
describe('server slots across streams', () => {
  let store: EventStore;
  const types = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);
  /** The user's Discord account, seen managing these servers (what /link or a sign-in with Discord records). */
  const prove = async (userId: string, ...guildIds: string[]) => {
    const discordUserId = `5000000000000000${userId.length}${userId.at(-1)}`;
    const history = await store.readStream(`discord-link-${userId}`);
    const linked = {
      type: 'DiscordAccountLinked',
      data: { userId, discordUserId, username: userId, avatar: null, via: 'link-command', linkedAt: NOW.toISOString() },
      metadata: context.metadata,
    };
    const proofs = guildIds.map((guildId) => ({
      type: 'ServerManagementProven',
      data: {
        userId,
        discordUserId,
        guildId,
        name: guildId,
        icon: null,
        via: 'link-command',
        provenAt: NOW.toISOString(),
      },
      metadata: context.metadata,
    }));
    await store.append(`discord-link-${userId}`, history.length === 0 ? [linked, ...proofs] : proofs, 'any');
  };
  const add = async (userId: string, guildId: string) => {
    await prove(userId, guildId);
    return addSubscriberServer({ eventStore: store }, { userId, guildId, defaultSlots: 3 }, context);
  };
  const addUnproven = (userId: string, guildId: string) =>
    addSubscriberServer({ eventStore: store }, { userId, guildId, defaultSlots: 3 }, context);
  const refusal = async (work: Promise<unknown>): Promise<DomainError> => {
    try {
      await work;
    } catch (error) {
      expect(error).to.be.instanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error('expected a refusal');
  };

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  it('claims the server, then records it in the slots', async () => {
    const result = await add('u1', S1);
    expect(result.servers).to.deep.equal([S1]);
    expect(result.maxSlots).to.equal(3);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed']);
    expect(await types('user-servers-u1')).to.deep.equal(['SubscriberServerAdded']);
  });

  it('takes the slots from the subscriber’s plan', async () => {
    await store.append(
      'subscription-u1',
      [
        {
          type: 'SubscriptionStarted',
          data: {
            userId: 'u1',
            planName: 'Basic',
            maxSlots: 1,
            startedAt: NOW.toISOString(),
            expiresAt: '2027-01-01T00:00:00.000Z',
            discordUserId: null,
          },
          metadata: context.metadata,
        },
      ],
      'no_stream',
    );
    expect((await add('u1', S1)).maxSlots).to.equal(1);
    expect((await refusal(add('u1', S2))).message).to.equal(serverTexts.maxServers(1));
    expect(await types(`server-owner-${S2}`)).to.deep.equal([]);
  });

  it('refuses a second subscriber and writes nothing for them', async () => {
    await add('u1', S1);
    expect((await refusal(add('u2', S1))).message).to.equal(serverTexts.claimedByAnother);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed']);
    expect(await types('user-servers-u2')).to.deep.equal([]);
  });

  it('two subscribers racing for one server: one wins, the other is told it is taken', async () => {
    const outcomes = await Promise.allSettled([add('u1', S1), add('u2', S1)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as DomainError).message).to.equal(serverTexts.claimedByAnother);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed']);
  });

  it('a refused add after a concurrent one gives its claim back (compensation)', async () => {
    await add('u1', S1);
    await add('u1', S2);
    // both see one free slot and claim their server; only one can take the slot
    const outcomes = await Promise.allSettled([add('u1', S3), add('u1', S4)]);
    const won = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
    expect(won).to.be.at.least(0);
    const lost = outcomes[1 - won] as PromiseRejectedResult;
    expect((lost.reason as DomainError).message).to.equal(serverTexts.maxServers(3));
    const [winner, loser] = won === 0 ? [S3, S4] : [S4, S3];
    expect(
      (await store.readStream('user-servers-u1')).map((event) => (event.data as { guildId: string }).guildId),
    ).to.deep.equal([S1, S2, winner]);
    expect(await types(`server-owner-${winner}`)).to.deep.equal(['ServerClaimed']);
    // the loser claimed before the winner's append, then gave the claim back
    expect(await types(`server-owner-${loser}`)).to.deep.equal(['ServerClaimed', 'ServerReleased']);
    expect((await add('u2', loser)).servers).to.deep.equal([loser]);
  });

  it('the same server added twice at once ends in the list once, still claimed', async () => {
    const outcomes = await Promise.allSettled([add('u1', S1), add('u1', S1)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    expect(await types('user-servers-u1')).to.deep.equal(['SubscriberServerAdded']);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed']);
  });

  it('refuses (403) a server the subscriber has not proven to manage, and writes nothing', async () => {
    await prove('u1', S2);
    const refused = await refusal(addUnproven('u1', S1));
    expect(refused.kind).to.equal('forbidden');
    expect(refused.message).to.equal(discordTexts.proveManagement);
    expect(await types(`server-owner-${S1}`)).to.deep.equal([]);
    expect(await types('user-servers-u1')).to.deep.equal([]);
  });

  it('takes a server over from an unverified claimer, who no longer has it in their slots', async () => {
    // a claim made before proof existed: ServerClaimed v1, read as unverified
    await store.append(
      `server-owner-${S1}`,
      [
        {
          type: 'ServerClaimed',
          data: { guildId: S1, userId: 'old', claimedAt: NOW.toISOString() },
          metadata: context.metadata,
        },
      ],
      'no_stream',
    );
    await store.append(
      'user-servers-old',
      [
        {
          type: 'SubscriberServerAdded',
          data: { userId: 'old', guildId: S1, addedAt: NOW.toISOString() },
          metadata: context.metadata,
        },
      ],
      'no_stream',
    );
    expect((await add('u1', S1)).servers).to.deep.equal([S1]);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed', 'ServerTakenOver']);
    expect(await types('user-servers-old')).to.deep.equal(['SubscriberServerAdded', 'SubscriberServerRemoved']);
    // now verified: a third manager cannot take it
    expect((await refusal(add('u2', S1))).message).to.equal(serverTexts.claimedByAnother);
  });

  it('changing a server claims the new one, then releases the old one', async () => {
    await add('u1', S1);
    await prove('u1', S2);
    const result = await changeSubscriberServer(
      { eventStore: store },
      { userId: 'u1', oldGuildId: S1, newGuildId: S2, defaultSlots: 3 },
      context,
    );
    expect(result.servers).to.deep.equal([S2]);
    expect(await types(`server-owner-${S1}`)).to.deep.equal(['ServerClaimed', 'ServerReleased']);
    expect(await types(`server-owner-${S2}`)).to.deep.equal(['ServerClaimed']);
    // the released server is free for anyone again
    expect((await add('u2', S1)).servers).to.deep.equal([S1]);
  });

  it('a refused change writes nothing', async () => {
    await add('u1', S1);
    await add('u2', S2);
    await prove('u1', S2, S4);
    expect(
      (
        await refusal(
          changeSubscriberServer(
            { eventStore: store },
            { userId: 'u1', oldGuildId: S1, newGuildId: S2, defaultSlots: 3 },
            context,
          ),
        )
      ).message,
    ).to.equal(serverTexts.claimedByAnother);
    expect(
      (
        await refusal(
          changeSubscriberServer(
            { eventStore: store },
            { userId: 'u1', oldGuildId: S3, newGuildId: S4, defaultSlots: 3 },
            context,
          ),
        )
      ).message,
    ).to.equal(serverTexts.notInList);
    expect(await types('user-servers-u1')).to.deep.equal(['SubscriberServerAdded']);
    expect(await types(`server-owner-${S4}`)).to.deep.equal([]);
  });
});
