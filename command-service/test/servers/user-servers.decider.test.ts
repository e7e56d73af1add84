import { discordTexts, serverTexts } from '@vip/contracts';
import { serverOwnerDecider } from '../../src/servers/server-owner.decider.ts';
import type { ServerOwnerEvent, ServerOwnerState } from '../../src/servers/server-owner.state.ts';
import { userServersDecider } from '../../src/servers/user-servers.decider.ts';
import type { UserServersEvent } from '../../src/servers/user-servers.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const [S1, S2, S3, S4] = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];
const added = (guildId: string, userId = 'u1'): UserServersEvent => ({
  type: 'SubscriberServerAdded',
  data: { userId, guildId, addedAt: at },
});
const DISCORD = '500000000000000001';
const proven = { discordUserId: DISCORD };
/** A server nobody holds; `ownerId` with `provenBy` null is an unverified claim made before proof existed. */
const owner = (ownerId: string | null = null, provenBy: string | null = ownerId && '500000000000000002') =>
  ({ ownerId, provenBy }) as ServerOwnerState;
const add = (
  guildId: string,
  options: { maxSlots?: number; owner?: ServerOwnerState; proof?: { discordUserId: string } | null } = {},
) =>
  ({
    type: 'AddServer',
    userId: 'u1',
    guildId,
    maxSlots: options.maxSlots ?? 3,
    owner: options.owner ?? owner(),
    proof: options.proof === undefined ? proven : options.proof,
  }) as const;
const change = (oldGuildId: string, newGuildId: string, newOwner = owner(), proof: typeof proven | null = proven) =>
  ({ type: 'ChangeServer', userId: 'u1', oldGuildId, newGuildId, newOwner, proof }) as const;

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
      .when(add(S1, { owner: owner('u1') }))
      .then([added(S1)]);
  });

  it('refuses a server already in the list', () => {
    spec
      .given([added(S1)])
      .when(add(S1, { owner: owner('u1') }))
      .thenFails('conflict', serverTexts.alreadyInList);
  });

  it('refuses (403) a server the subscriber’s Discord account has not been seen managing, saying how to prove it', () => {
    spec
      .given([])
      .when(add(S1, { proof: null }))
      .thenFails('forbidden', discordTexts.proveManagement);
    spec
      .given([added(S1)])
      .when(change(S1, S2, owner(), null))
      .thenFails('forbidden', discordTexts.proveManagement);
  });

  it('refuses a server another subscriber holds with a verified claim', () => {
    spec
      .given([])
      .when(add(S1, { owner: owner('u2') }))
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('adds a server another subscriber holds unverified (the claim step takes it over)', () => {
    spec
      .given([])
      .when(add(S1, { owner: owner('u2', null) }))
      .then([added(S1)]);
  });

  it('removes a server from the slots (taken over, released by an admin); a server not there is a no-op', () => {
    spec
      .given([added(S1), added(S2)])
      .when({ type: 'RemoveServer', userId: 'u1', guildId: S1, cause: 'taken-over' })
      .then([
        { type: 'SubscriberServerRemoved', data: { userId: 'u1', guildId: S1, cause: 'taken-over', removedAt: at } },
      ]);
    spec
      .given([added(S2)])
      .when({ type: 'RemoveServer', userId: 'u1', guildId: S1, cause: 'released' })
      .then([]);
  });

  it('refuses a server beyond the plan’s slots, naming the limit', () => {
    spec
      .given([added(S1), added(S2), added(S3)])
      .when(add(S4))
      .thenFails('conflict', 'Maximum limit of 3 servers reached');
    spec
      .given([added(S1)])
      .when(add(S2, { maxSlots: 1 }))
      .thenFails('conflict', 'Maximum limit of 1 server reached');
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
      .when(change(S1, S3, owner('u2')))
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
  const claimed = (userId: string, discordUserId: string | null = DISCORD): ServerOwnerEvent => ({
    type: 'ServerClaimed',
    data: { guildId: S1, userId, claimedAt: at, discordUserId },
  });
  const released = (userId: string, reason: string | null = null): ServerOwnerEvent => ({
    type: 'ServerReleased',
    data: { guildId: S1, userId, releasedAt: at, reason },
  });
  const claim = (userId: string, discordUserId = DISCORD) =>
    ({ type: 'ClaimServer', guildId: S1, userId, discordUserId }) as const;
  const release = (userId: string, reason: string | null = null) =>
    ({ type: 'ReleaseServer', guildId: S1, userId, reason }) as const;

  it('gives an unclaimed server to the first subscriber, naming the Discord account that proved it', () => {
    spec
      .given([])
      .when(claim('u1'))
      .then([claimed('u1')]);
  });

  it('claiming one’s own verified server again appends nothing', () => {
    spec
      .given([claimed('u1')])
      .when(claim('u1'))
      .then([]);
  });

  it('claiming one’s own unverified server verifies the claim', () => {
    spec
      .given([claimed('u1', null)])
      .when(claim('u1'))
      .then([
        { type: 'ServerClaimVerified', data: { guildId: S1, userId: 'u1', discordUserId: DISCORD, verifiedAt: at } },
      ]);
  });

  it('refuses a server held by another subscriber with a verified claim', () => {
    spec
      .given([claimed('u1')])
      .when(claim('u2', '500000000000000009'))
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('takes a server over from an unverified claimer (a claim made before proof existed)', () => {
    const takenOver: ServerOwnerEvent = {
      type: 'ServerTakenOver',
      data: { guildId: S1, userId: 'u2', discordUserId: DISCORD, previousUserId: 'u1', takenOverAt: at },
    };
    spec
      .given([claimed('u1', null)])
      .when(claim('u2'))
      .then([takenOver]);
    // and the new holder's claim is verified: nobody takes it over again
    spec
      .given([claimed('u1', null), takenOver])
      .when(claim('u3', '500000000000000009'))
      .thenFails('conflict', serverTexts.claimedByAnother);
  });

  it('verifies only the holder’s own unverified claim', () => {
    const verify = (userId: string) => ({ type: 'VerifyClaim', guildId: S1, userId, discordUserId: DISCORD }) as const;
    spec
      .given([claimed('u1', null)])
      .when(verify('u2'))
      .then([]);
    spec
      .given([claimed('u1')])
      .when(verify('u1'))
      .then([]);
    spec.given([]).when(verify('u1')).then([]);
  });

  it('unverifies a claim only for the account that proved it, once', () => {
    const unverify = (userId: string, discordUserId = DISCORD) =>
      ({ type: 'UnverifyClaim', guildId: S1, userId, discordUserId, reason: 'account-unlinked' }) as const;
    const unverified: ServerOwnerEvent = {
      type: 'ServerClaimUnverified',
      data: { guildId: S1, userId: 'u1', discordUserId: DISCORD, reason: 'account-unlinked', unverifiedAt: at },
    };
    spec
      .given([claimed('u1')])
      .when(unverify('u1'))
      .then([unverified]);
    spec
      .given([claimed('u1'), unverified])
      .when(unverify('u1'))
      .then([]);
    spec
      .given([claimed('u1')])
      .when(unverify('u1', '500000000000000002'))
      .then([]);
    spec
      .given([claimed('u1')])
      .when(unverify('u2'))
      .then([]);
    // unverified again, a manager may take it over
    spec
      .given([claimed('u1'), unverified])
      .when(claim('u2', '500000000000000002'))
      .then([
        {
          type: 'ServerTakenOver',
          data: {
            guildId: S1,
            userId: 'u2',
            discordUserId: '500000000000000002',
            previousUserId: 'u1',
            takenOverAt: at,
          },
        },
      ]);
  });

  it('a released server can be claimed by someone else', () => {
    spec
      .given([claimed('u1'), released('u1')])
      .when(claim('u2'))
      .then([claimed('u2')]);
  });

  it('releases only the holder’s claim, with the admin’s reason when there is one', () => {
    spec
      .given([claimed('u1')])
      .when(release('u1'))
      .then([released('u1')]);
    spec
      .given([claimed('u1')])
      .when(release('u1', 'not theirs'))
      .then([released('u1', 'not theirs')]);
    spec
      .given([claimed('u1')])
      .when(release('u2'))
      .then([]);
    spec.given([]).when(release('u1')).then([]);
  });
});
