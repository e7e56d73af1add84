import {
  vipRoleAccuracyReadModels as models,
  utcDay,
  type VipRoleAccuracyDayDocument,
  type VipRoleAccuracyWindowDocument,
  type VipRoleProblemDocument,
  vipRoleAccuracyProjection,
  vipRoleTexts,
} from '@vip/contracts';
import type { DocumentBatch } from '../../document-batch.ts';
import { defineProjector } from '../../projector.ts';
import { countOnce } from '../count-once.ts';

const zeroDay = { grantsFailed: 0, removals: 0, removalsLate: 0 };
const LATE_MS = vipRoleTexts.lateRemovalSeconds * 1000;

function count(documents: DocumentBatch, at: string, position: number, increments: Partial<typeof zeroDay>) {
  return countOnce(documents.of<VipRoleAccuracyDayDocument>(models.daily), utcDay(at), position, increments, zeroDay);
}

/**
 * How well the key bot gives and takes VIP roles: each server's open problem (what Discord
 * refused, until a change works again) for the panel's server card, and per day the grants
 * Discord refused and the removals made late, for the admin statistics. Only open windows
 * are kept (to tell a late removal): memory follows the live windows, not the log.
 */
export const vipRoleAccuracyProjector = defineProjector({
  name: vipRoleAccuracyProjection,
  collections: Object.values(models),
  handles: ['VipRoleGranted', 'VipRoleRemoved', 'VipRoleFailed', 'VipRoleFixed'],
  async apply(event, documents) {
    switch (event.type) {
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until } = event.data;
        const windows = documents.of<VipRoleAccuracyWindowDocument>(models.windows);
        const _id = `${guildId}-${discordUserId}`;
        const current = await windows.get(_id);
        // a window only grows by a grant: the later end wins, whatever the order of delivery
        if (!current || current.until < until) windows.set({ _id, until });
        return;
      }
      case 'VipRoleRemoved': {
        const { guildId, discordUserId, removedAt } = event.data;
        const windows = documents.of<VipRoleAccuracyWindowDocument>(models.windows);
        const _id = `${guildId}-${discordUserId}`;
        const window = await windows.get(_id);
        const late = !!window && Date.parse(removedAt) - Date.parse(window.until) > LATE_MS;
        windows.delete(_id);
        return count(documents, removedAt, event.position, { removals: 1, removalsLate: late ? 1 : 0 });
      }
      case 'VipRoleFailed': {
        const { guildId, discordUserId, action, problem, roleId, failedAt } = event.data;
        const problems = documents.of<VipRoleProblemDocument>(models.problems);
        const current = await problems.get(guildId);
        if (!current || current.lastPosition < event.position)
          problems.set({
            _id: guildId,
            action,
            problem,
            roleId,
            discordUserId,
            // the same problem again does not move its start
            since: current && current.problem === problem ? current.since : failedAt,
            lastPosition: event.position,
          });
        if (action === 'grant') return count(documents, failedAt, event.position, { grantsFailed: 1 });
        return;
      }
      case 'VipRoleFixed': {
        const problems = documents.of<VipRoleProblemDocument>(models.problems);
        const current = await problems.get(event.data.guildId);
        if (current && current.lastPosition < event.position) problems.delete(event.data.guildId);
        return;
      }
    }
  },
});
