import { currentSchemaVersion, parseRecordedEvent, vipRolesApi, type VipRoleProblemResponse } from '@vip/contracts';
import { isWrongExpectedRevision, on, type MountedRoute } from '@vip/platform';
import type { CommandContext } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import {
  vipRoleProblemDecider as decider,
  vipRoleProblemStream,
  type VipRoleProblemCommand,
  type VipRoleProblemEvent,
} from './vip-role-problem.decider.ts';

const MAX_ATTEMPTS = 5;

/**
 * Decides on the stream's last event alone (each states the whole state) and appends at its
 * revision: a decision that costs one event to read however many refusals came before.
 */
async function record(deps: CommandDeps, command: VipRoleProblemCommand, context: CommandContext): Promise<boolean> {
  const streamId = vipRoleProblemStream(command.guildId);
  for (let attempt = 1; ; attempt++) {
    const [last] = await deps.eventStore.readStream(streamId, { backwards: true, maxCount: 1 });
    const state = last
      ? decider.evolve(decider.initialState(), parseRecordedEvent(last) as VipRoleProblemEvent)
      : decider.initialState();
    const events = decider.decide(command, state, context.now);
    if (events.length === 0) return false;
    const written = events.map((event) => ({
      ...event,
      metadata: { ...context.metadata, schemaVersion: currentSchemaVersion(event.type) },
    }));
    try {
      await deps.eventStore.append(streamId, written, last ? last.revision : 'no_stream');
      return true;
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** The key bot says Discord refused it a VIP role change, or that changes work again (issue #21 item 4). */
export function vipRoleProblemRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(vipRolesApi.failed, async ({ ctx, params: { id }, body }) => {
      const changed = await record(deps, { type: 'RecordVipRoleFailure', guildId: id, ...body }, commandContext(ctx));
      const answer: VipRoleProblemResponse = { success: true, changed };
      return answer;
    }),
    on(vipRolesApi.fixed, async ({ ctx, params: { id } }) => {
      const changed = await record(deps, { type: 'RecordVipRoleFixed', guildId: id }, commandContext(ctx));
      const answer: VipRoleProblemResponse = { success: true, changed };
      return answer;
    }),
  ];
}
