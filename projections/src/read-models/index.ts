import type { Projector } from '../projector.ts';
import { usersProjector } from './users.projector.ts';
import { sessionsProjector } from './sessions.projector.ts';
import { announcementsProjector } from './announcements.projector.ts';
import { serversProjectors } from './servers/index.ts';
import { keysProjectors } from './keys/index.ts';
import { subscriptionsProjectors } from './subscriptions/index.ts';
import { statsProjectors } from './stats/index.ts';
import { botsProjectors } from './bots/index.ts';
import { auditProjectors } from './audit/index.ts';
import { standingProjectors } from './standing/index.ts';
import { discordProjectors } from './discord/index.ts';
import { serverSponsorsProjector } from './sponsors/server-sponsors.projector.ts';

/**
 * Every read model, in the order they are applied within a batch (authors before posts; the
 * audit trail last, so it finds every user the batch registered).
 */
export const allProjectors: readonly Projector[] = [
  usersProjector,
  sessionsProjector,
  announcementsProjector,
  ...serversProjectors,
  ...keysProjectors,
  ...subscriptionsProjectors,
  ...statsProjectors,
  ...botsProjectors,
  ...standingProjectors,
  ...discordProjectors,
  serverSponsorsProjector,
  ...auditProjectors,
];

export function projectorsNamed(names: readonly string[] | undefined): Projector[] {
  if (!names || names.length === 0) return [...allProjectors];
  return names.map((name) => {
    const projector = allProjectors.find((candidate) => candidate.name === name);
    if (!projector)
      throw new Error(`Unknown projection "${name}". Known: ${allProjectors.map((p) => p.name).join(', ')}`);
    return projector;
  });
}
