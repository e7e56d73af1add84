export const greetingVariables = [
  { token: '{user}', text: 'mentions the new member' },
  { token: '{server.name}', text: "the server's name" },
  { token: '{membercount}', text: 'how many members the server has' },
] as const;

export type PreviewPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string }
  | { kind: 'value'; text: string };

/** Splits a greeting into what the preview shows: text, the mention chip, and filled-in values. */
export function previewParts(message: string, serverName: string, memberCount: number | null): PreviewPart[] {
  return message
    .split(/(\{user\}|\{server\.name\}|\{membercount\})/g)
    .filter((part) => part !== '')
    .map((part): PreviewPart => {
      if (part === '{user}') return { kind: 'mention', text: '@NewMember' };
      if (part === '{server.name}') return { kind: 'value', text: serverName };
      if (part === '{membercount}')
        return { kind: 'value', text: memberCount === null ? '{membercount}' : String(memberCount) };
      return { kind: 'text', text: part };
    });
}
