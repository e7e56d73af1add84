import { z } from 'zod';
import { configDefaults } from '../config-defaults.ts';
import { SNOWFLAKE } from '../discord-id.ts';
import type { GreetingSettings } from '../greeting-settings.ts';
import { greetingsPaths } from '../routes/greetings.ts';
import { GREETING_MESSAGE_MAX, greetingTexts } from '../texts/greetings.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

const { min: MIN_DELAY, max: MAX_DELAY } = configDefaults.greetingDelaySeconds;

/**
 * Every bound of the greeting form, checked here once; whether the channel is one of the
 * server's is the greeting decider's (it needs the server's channels).
 */
export const greetingSettingsRequestSchema = z
  .object({
    enabled: z.boolean({ error: greetingTexts.enabledFlag }),
    // an empty select sends "": no channel chosen
    channelId: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z
        .string({ error: greetingTexts.channelNotInServer })
        .regex(SNOWFLAKE, greetingTexts.channelNotInServer)
        .nullable(),
    ),
    delay: z
      .number({ error: greetingTexts.delayRange })
      .int(greetingTexts.delayRange)
      .min(MIN_DELAY, greetingTexts.delayRange)
      .max(MAX_DELAY, greetingTexts.delayRange)
      .default(configDefaults.greetingDelaySeconds.default),
    message: plainText(
      z
        .string({ error: greetingTexts.messageLength })
        .max(GREETING_MESSAGE_MAX, greetingTexts.messageLength)
        .refine((text) => text.trim().length > 0, greetingTexts.messageLength),
      'Message',
    ),
  })
  // a greeting that is on needs somewhere to be said; one that is off may keep no channel
  .refine((settings) => !settings.enabled || settings.channelId !== null, {
    message: greetingTexts.selectChannel,
    path: ['channelId'],
  });

export interface GreetingSavedResponse {
  success: true;
  message: string;
  settings: GreetingSettings;
}

export interface GreetingRemovedResponse {
  success: true;
  message: string;
}

/** One line of the greetings list (spec §3); channelName is null when the channel is unknown. */
export interface GreetingListItem {
  serverId: string;
  serverName: string;
  channelName: string | null;
  enabled: boolean;
}

export interface GreetingListResponse {
  greetings: GreetingListItem[];
}

const serverId = { serverId: serverIdParamSchema };
export const greetingsApi = withSchemas(greetingsPaths, {
  settings: {
    summary: "A server's greeting settings (defaults when never configured)",
    params: serverId,
    response: answer<GreetingSettings>(200, 'GreetingSettings'),
  },
  save: {
    summary: "Save a server's greeting",
    params: serverId,
    body: greetingSettingsRequestSchema,
    response: answer<GreetingSavedResponse>(200, 'GreetingSavedResponse'),
  },
  remove: {
    summary: "Remove a server's greeting",
    params: serverId,
    response: answer<GreetingRemovedResponse>(200, 'GreetingRemovedResponse'),
  },
  list: {
    summary: "Greetings of the caller's own servers",
    response: answer<GreetingListResponse>(200, 'GreetingListResponse'),
  },
});

export { defaultGreetingSettings, type GreetingSettings } from '../greeting-settings.ts';
export { GREETING_MESSAGE_MAX, greetingTexts };
