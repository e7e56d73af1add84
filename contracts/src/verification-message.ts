/**
 * The key bot's key-verification message (/send): the default every server gets, and the
 * owner's own text on plans that include a custom verification message (decisions.md §11).
 * Zod-free: the bot posts it, the panel previews it, with the same words and variables.
 */
export interface VerificationMessage {
  title: string;
  /** Discord markdown; {server.name} and {vip.duration} are filled in when posted. */
  description: string;
  /** The label of the link button that leads to the key page (Redeem Key stays as it is). */
  buttonLabel: string;
  /** The embed's side colour, #rrggbb. */
  color: string;
}

export const verificationMessageLimits = { title: 256, description: 2000, buttonLabel: 80 } as const;

export const defaultVerificationMessage: VerificationMessage = {
  title: '🔑 VIP access',
  description: [
    '1. Press **Get a key** and generate your VIP key on the key page.',
    '2. Copy the key and come back here.',
    '3. Press **Redeem Key** and paste it.',
    '',
    'You get the VIP role for {vip.duration}.',
  ].join('\n'),
  buttonLabel: 'Get a key',
  color: '#f5b301',
};

export const verificationMessageVariables = [
  { token: '{server.name}', text: "the server's name" },
  { token: '{vip.duration}', text: 'how long the VIP role lasts' },
] as const;

export interface VerificationValues {
  serverName: string;
  /** "60 minutes" */
  vipDuration: string;
}

/** The text as members read it; one pass, so a server named "{vip.duration}" stays a name. */
export function renderVerificationText(template: string, values: VerificationValues): string {
  return template.replace(/\{(server\.name|vip\.duration)\}/g, (_match, name: string) =>
    name === 'server.name' ? values.serverName : values.vipDuration,
  );
}

export const colorPattern = /^#[0-9a-f]{6}$/i;
export const colorToNumber = (color: string): number => Number.parseInt(color.slice(1), 16);
export const colorFromNumber = (value: number): string => `#${value.toString(16).padStart(6, '0')}`;

/** "60 minutes", "1 minute", or seconds for a window shorter than a minute (tests). */
export function vipDurationText(minutes: number): string {
  return minutes >= 1 && Number.isInteger(minutes)
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${Math.round(minutes * 60)} seconds`;
}
