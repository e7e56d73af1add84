import { keyProjections, keyReadModels, vipRoleId, type VipRoleDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each member's VIP window per server: active while now < until and not removed. */
export const vipRolesProjector = defineProjector({
  name: keyProjections.vipRoles,
  collections: [keyReadModels.vipRoles],
  handles: ['VipRoleGranted', 'VipRoleRemoved'],
  async apply(event, store) {
    const windows = store.collection<VipRoleDocument>(keyReadModels.vipRoles);
    const _id = vipRoleId(event.data.guildId, event.data.discordUserId);
    // `grants` counts: an event delivered twice must not count twice
    const current = await windows.findOne({ _id });
    if (current && current.lastPosition >= event.position) return;
    switch (event.type) {
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until, grantedAt, keyDigest } = event.data;
        await windows.updateOne(
          { _id },
          {
            $set: {
              guildId,
              discordUserId,
              until,
              grantedAt,
              keyDigest,
              removedAt: null,
              grants: (current?.grants ?? 0) + 1,
              lastPosition: event.position,
            },
          },
          { upsert: true },
        );
        return;
      }
      case 'VipRoleRemoved':
        await windows.updateOne({ _id }, { $set: { removedAt: event.data.removedAt, lastPosition: event.position } });
        return;
    }
  },
});
