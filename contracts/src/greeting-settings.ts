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

/** A greeting's placeholders (spec §3 variables), what each stands for as the panel explains it. */
export const greetingVariables = [
  { token: '{user}', text: 'mentions the new member' },
  { token: '{server.name}', text: "the server's name" },
  { token: '{membercount}', text: 'how many members the server has' },
] as const;

export type GreetingVariable = (typeof greetingVariables)[number]['token'];

/** A greeting cut into its text and its placeholders, in order; one pass, so a filled-in value is never expanded again. */
export function greetingParts(template: string): Array<{ text: string } | { variable: GreetingVariable }> {
  const variables: readonly string[] = greetingVariables.map((variable) => variable.token);
  return template
    .split(/(\{user\}|\{server\.name\}|\{membercount\})/g)
    .filter((part) => part !== '')
    .map((part) => (variables.includes(part) ? { variable: part as GreetingVariable } : { text: part }));
}
