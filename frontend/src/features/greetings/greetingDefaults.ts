import { greetingParts } from '@vip/contracts/plain';

export { greetingVariables } from '@vip/contracts/plain';

export type PreviewPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string }
  | { kind: 'value'; text: string };

/** Splits a greeting into what the preview shows: text, the mention chip, and filled-in values. */
export function previewParts(message: string, serverName: string, memberCount: number | null): PreviewPart[] {
  return greetingParts(message).map((part): PreviewPart => {
    if ('text' in part) return { kind: 'text', text: part.text };
    if (part.variable === '{user}') return { kind: 'mention', text: '@NewMember' };
    if (part.variable === '{server.name}') return { kind: 'value', text: serverName };
    return { kind: 'value', text: memberCount === null ? part.variable : String(memberCount) };
  });
}
