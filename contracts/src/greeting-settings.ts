import { configDefaults } from './config-defaults.ts';

/** The settings of one server's greeting (spec §3), as GET answers and POST takes them. */
export interface GreetingSettings {
  enabled: boolean;
  channelId: string | null;
  delay: number;
  message: string;
}

/** What a server that never configured a greeting shows (spec §3), and what the panel's form resets to. */
export const defaultGreetingSettings = (): GreetingSettings => ({
  enabled: false,
  channelId: null,
  delay: configDefaults.greetingDelaySeconds.default,
  message: configDefaults.greetingDefaultMessage,
});
