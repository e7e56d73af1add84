import { z } from 'zod';
import { SUSPENSION_REASON_MAX } from '../texts/suspensions.ts';

export { SUSPENSION_REASON_MAX };

/**
 * Stream `suspension-<guildId>`: an admin suspended a server (abuse, non-payment) and may lift
 * it. While suspended its key page shows the 403 Restricted screen, keys are neither generated
 * nor redeemed for it, and the key bot says so in Discord. The reason is for admins and the
 * server's owner; visitors never see it.
 */
export const serverSuspendedSchema = z.object({
  guildId: z.string(),
  reason: z.string().max(SUSPENSION_REASON_MAX),
  suspendedAt: z.string(),
});
export const serverSuspensionLiftedSchema = z.object({ guildId: z.string(), liftedAt: z.string() });
