import { erasedPerson, type VipRoleDocument, vipRoleId, vipRoleProjections, vipRoleReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each member's VIP window per server: active while now < until and not removed. */
export const vipRolesProjector = defineProjector({
  name: vipRoleProjections.vipRoles,
  collections: [vipRoleReadModels.vipRoles],
  handles: ['VipRoleGranted', 'VipRoleRemoved'],
  async apply(event, documents) {
    // an erased member's windows are kept nowhere: their erasure removed them from the live model
    if (event.data.discordUserId === erasedPerson) return;
    const windows = documents.of<VipRoleDocument>(vipRoleReadModels.vipRoles);
    const _id = vipRoleId(event.data.guildId, event.data.discordUserId);
    // `grants` counts: an event delivered twice must not count twice
    const current = await windows.get(_id);
    if (current && current.lastPosition >= event.position) return;
    switch (event.type) {
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until, grantedAt, keyDigest } = event.data;
        windows.set({
          _id,
          guildId,
          discordUserId,
          until,
          grantedAt,
          keyDigest,
          removedAt: null,
          grants: (current?.grants ?? 0) + 1,
          lastPosition: event.position,
        });
        return;
      }
      case 'VipRoleRemoved':
        if (current) windows.set({ ...current, removedAt: event.data.removedAt, lastPosition: event.position });
        return;
    }
  },
});
