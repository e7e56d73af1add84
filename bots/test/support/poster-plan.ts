import { randomUUID } from 'node:crypto';
import { systemActor } from '@vip/contracts';
import { withEventStore } from '../../../test/support/seed.ts';
import { OWNER } from './world.ts';

const metadata = { correlationId: 'poster-plan-seed', causationId: 'poster-plan-seed', actor: systemActor };

/**
 * A subscriber whose panel lists these servers, in this order, on a plan (the poster bot's
 * Business plan unless told otherwise), appended straight into the running product's log as
 * the panel's own commands would (claims, slots, plan). Each claim names the Discord account
 * that proved the owner manages the server (ServerClaimed v2), unless `verified` is false: a
 * claim from before proof existed (v1). The plan is written in its first shape (v1, no
 * schemaVersion), which every later version of the product upcasts.
 */
export async function seedPlanOwner(
  dataDir: string,
  guildIds: readonly string[],
  plan: { name?: string; days?: number; verified?: boolean } = {},
): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  const at = now.toISOString();
  await withEventStore(dataDir, async (store) => {
    const claim = (guildId: string) =>
      plan.verified === false
        ? { type: 'ServerClaimed', data: { guildId, userId, claimedAt: at }, metadata }
        : {
            type: 'ServerClaimed',
            data: { guildId, userId, claimedAt: at, discordUserId: OWNER },
            metadata: { ...metadata, schemaVersion: 2 },
          };
    for (const guildId of guildIds) await store.append(`server-owner-${guildId}`, [claim(guildId)], 'any');
    await store.append(
      `user-servers-${userId}`,
      guildIds.map((guildId) => ({ type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: at }, metadata })),
      'no_stream',
    );
    const expiresAt = new Date(now.getTime() + (plan.days ?? 30) * 86_400_000).toISOString();
    await store.append(
      `subscription-${userId}`,
      [
        {
          type: 'SubscriptionStarted',
          data: {
            userId,
            planName: plan.name ?? 'Business',
            maxSlots: Math.max(guildIds.length, 1),
            startedAt: at,
            expiresAt,
            discordUserId: null,
          },
          metadata,
        },
      ],
      'no_stream',
    );
  });
  return userId;
}

/** An admin ended the subscriber's plan now. */
export async function seedPlanEnded(dataDir: string, userId: string): Promise<void> {
  await withEventStore(dataDir, (store) =>
    store.append(
      `subscription-${userId}`,
      [{ type: 'SubscriptionEnded', data: { userId, endedAt: new Date().toISOString() }, metadata }],
      'any',
    ),
  );
}
