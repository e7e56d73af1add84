import { z } from 'zod';
import { errorTexts } from '../error-texts.ts';
import { SUSPENSION_REASON_MAX } from '../events/suspensions.ts';
import { suspensionsPaths } from '../routes/suspensions.ts';
import { suspensionTexts } from '../texts/suspensions.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

export const suspendServerRequestSchema = z.object({
  reason: plainText(
    z
      .string({ error: errorTexts.fillAllFields })
      .trim()
      .min(1, errorTexts.fillAllFields)
      .max(SUSPENSION_REASON_MAX, suspensionTexts.reasonLength),
    'Reason',
  ),
});
export type SuspendServerRequest = z.input<typeof suspendServerRequestSchema>;

/** One suspended server as the admin lists it. */
export interface SuspensionView {
  guildId: string;
  /** The server's name as the key bot last reported it; null when it never did. */
  serverName: string | null;
  reason: string;
  suspendedAt: string;
}

export interface SuspensionsResponse {
  suspensions: SuspensionView[];
}

export interface SuspensionChangedResponse {
  success: true;
  message: string;
  guildId: string;
  suspended: boolean;
}

const id = { id: serverIdParamSchema };
export const suspensionsApi = withSchemas(suspensionsPaths, {
  list: {
    summary: 'Suspended servers, most recent first',
    response: answer<SuspensionsResponse>(200, 'SuspensionsResponse'),
  },
  suspend: {
    summary: 'Suspend a server with a reason: its key page shows 403 Restricted, keys are refused',
    params: id,
    body: suspendServerRequestSchema,
    form: true,
    response: answer<SuspensionChangedResponse>(200, 'SuspensionChangedResponse'),
  },
  lift: {
    summary: "Lift a server's suspension",
    params: id,
    response: answer<SuspensionChangedResponse>(200, 'SuspensionChangedResponse'),
  },
});

export { suspensionTexts };
