import { serverTexts } from '@vip/contracts';
import { serverOwnerDecider } from '../src/user-servers/server-owner.decider.ts';
import type { ServerOwnerEvent } from '../src/user-servers/server-owner.state.ts';
import { userServersDecider, type UserServersEvent } from '../src/user-servers/user-servers.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const at = NOW.toISOString();
const [S1, S2, S3, S4] = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];
const added = (guildId: string, userId = 'u1'): UserServersEvent => ({
  type: 'SubscriberServerAdded',
  data: { userId, guildId, addedAt: at },
});
const add = (guildId: string, options: { maxSlots?: number; ownerId?: string | null } = {}) =>
  ({
    type: 'AddServer',
    userId: 'u1',
    guildId,
    maxSlots: options.maxSlots ?? 3,
    ownerId: options.ownerId ?? null,
  }) as const;
const change = (oldGuildId: string, newGuildId: string, newOwnerId: string | null = null) =>
  ({ type: 'ChangeServer', userId: 'u1', oldGuildId, newGuildId, newOwnerId }) as const;

describe('user servers decider', () => {
  const spec = deciderSpec(userServersDecider);

  it('adds a server to a free slot', () => {
    spec
      .given([])
      .when(add(S1))
      .then([added(S1)]);
  });

  it('adds a server the subscriber already holds the claim of (a retried add)', () => {
    spec
      .given([])
      .when(add(S1, { ownerId: 'u1' }))
      .then([added(S1)]);
  });

  it('refuses a server already in the list', () => {
    spec
      .given([added(S1)])
      .when(add(S1, { ownerId: 'u1' }))
      .thenFails('conflict', serverTexts.alreadyInList);
  });

  it('refuses a server another subscriber holds', () => {
    spec
      .given([])
      .when(add(S1, { ownerId: 'u2' }))
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('refuses a server beyond the plan’s slots, naming the limit', () => {
    spec
      .given([added(S1), added(S2), added(S3)])
      .when(add(S4))
      .thenFails('conflict', 'Maximum limit of 3 servers reached');
    spec
      .given([added(S1)])
      .when(add(S2, { maxSlots: 1 }))
      .thenFails('conflict', 'Maximum limit of 1 servers reached');
  });

  it('uses the plan’s slots when it has more than the default', () => {
    spec
      .given([added(S1), added(S2), added(S3)])
      .when(add(S4, { maxSlots: 5 }))
      .then([added(S4)]);
  });

  it('replaces a server in its slot', () => {
    spec
      .given([added(S1), added(S2)])
      .when(change(S1, S3))
      .then([
        { type: 'SubscriberServerChanged', data: { userId: 'u1', oldGuildId: S1, newGuildId: S3, changedAt: at } },
      ]);
  });

  it('replaces a server even when every slot is taken', () => {
    spec
      .given([added(S1), added(S2), added(S3)])
      .when(change(S2, S4))
      .then([
        { type: 'SubscriberServerChanged', data: { userId: 'u1', oldGuildId: S2, newGuildId: S4, changedAt: at } },
      ]);
  });

  it('refuses to replace a server not in the list', () => {
    spec
      .given([added(S1)])
      .when(change(S2, S3))
      .thenFails('not_found', serverTexts.notInList);
  });

  it('refuses to replace by a server already in the list or held by another subscriber', () => {
    spec
      .given([added(S1), added(S2)])
      .when(change(S1, S2))
      .thenFails('conflict', serverTexts.alreadyInList);
    spec
      .given([added(S1)])
      .when(change(S1, S1))
      .thenFails('conflict', serverTexts.alreadyInList);
    spec
      .given([added(S1)])
      .when(change(S1, S3, 'u2'))
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('keeps the slot order through a change', () => {
    const changed: UserServersEvent = {
      type: 'SubscriberServerChanged',
      data: { userId: 'u1', oldGuildId: S1, newGuildId: S3, changedAt: at },
    };
    spec
      .given([added(S1), added(S2), changed])
      .when(add(S4))
      .then([added(S4)]);
    spec
      .given([added(S1), added(S2), changed])
      .when(add(S3))
      .thenFails('conflict', serverTexts.alreadyInList);
    spec
      .given([added(S1), added(S2), changed])
      .when(change(S1, S4))
      .thenFails('not_found', serverTexts.notInList);
  });
});

describe('server owner decider', () => {
  const spec = deciderSpec(serverOwnerDecider);
  const claimed = (userId: string): ServerOwnerEvent => ({
    type: 'ServerClaimed',
    data: { guildId: S1, userId, claimedAt: at },
  });
  const released = (userId: string): ServerOwnerEvent => ({
    type: 'ServerReleased',
    data: { guildId: S1, userId, releasedAt: at },
  });

  it('gives an unclaimed server to the first subscriber', () => {
    spec
      .given([])
      .when({ type: 'ClaimServer', guildId: S1, userId: 'u1' })
      .then([claimed('u1')]);
  });

  it('claiming one’s own server again appends nothing', () => {
    spec
      .given([claimed('u1')])
      .when({ type: 'ClaimServer', guildId: S1, userId: 'u1' })
      .then([]);
  });

  it('refuses a server held by another subscriber', () => {
    spec
      .given([claimed('u1')])
      .when({ type: 'ClaimServer', guildId: S1, userId: 'u2' })
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('a released server can be claimed by someone else', () => {
    spec
      .given([claimed('u1'), released('u1')])
      .when({ type: 'ClaimServer', guildId: S1, userId: 'u2' })
      .then([claimed('u2')]);
  });

  it('releases only the holder’s claim', () => {
    spec
      .given([claimed('u1')])
      .when({ type: 'ReleaseServer', guildId: S1, userId: 'u1' })
      .then([released('u1')]);
    spec
      .given([claimed('u1')])
      .when({ type: 'ReleaseServer', guildId: S1, userId: 'u2' })
      .then([]);
    spec.given([]).when({ type: 'ReleaseServer', guildId: S1, userId: 'u1' }).then([]);
  });
});
