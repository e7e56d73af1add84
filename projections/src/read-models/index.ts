import type { Projector } from '../projector.ts';
import { analyticsProjectors } from './analytics/index.ts';
import { announcementsProjectors } from './announcements/index.ts';
import { auditProjectors } from './audit/index.ts';
import { authProjectors } from './auth/index.ts';
import { billingProjectors } from './billing/index.ts';
import { botSettingsProjectors } from './bot-settings/index.ts';
import { discordProjectors } from './discord/index.ts';
import { greetingsProjectors } from './greetings/index.ts';
import { keysProjectors } from './keys/index.ts';
import { serversProjectors } from './servers/index.ts';
import { sponsorsProjectors } from './sponsors/index.ts';
import { statsProjectors } from './stats/index.ts';
import { subscriptionsProjectors } from './subscriptions/index.ts';
import { suspensionsProjectors } from './suspensions/index.ts';
import { verificationMessageProjectors } from './verification-message/index.ts';
import { vipRolesProjectors } from './vip-roles/index.ts';
import { whitelistProjectors } from './whitelist/index.ts';

/**
 * Every read model, one folder per feature, in the order they are applied within a batch
 * (authors before posts; the audit trail last, so it finds every user the batch registered).
 */
export const allProjectors: readonly Projector[] = [
  ...authProjectors,
  ...announcementsProjectors,
  ...serversProjectors,
  ...greetingsProjectors,
  ...keysProjectors,
  ...vipRolesProjectors,
  ...subscriptionsProjectors,
  ...whitelistProjectors,
  ...statsProjectors,
  ...billingProjectors,
  ...botSettingsProjectors,
  ...suspensionsProjectors,
  ...verificationMessageProjectors,
  ...analyticsProjectors,
  ...discordProjectors,
  ...sponsorsProjectors,
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
