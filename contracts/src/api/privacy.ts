import { z } from 'zod';
import { privacyTexts } from '../texts/privacy.ts';
import { privacyPaths } from '../routes/privacy.ts';
import { withSchemas } from './route-spec.ts';
import { SNOWFLAKE } from '../discord-id.ts';

const member = { discordUserId: z.string().regex(SNOWFLAKE, privacyTexts.badMemberId) };

export interface EraseMemberResponse {
  success: true;
  /** false: nothing was left to erase (a repeated request). */
  erased: boolean;
  message: string;
  vipWindowsEnded: number;
  whitelistEntriesEnded: number;
}

/** One fact the product holds about a person, as they can read it. */
export interface PersonalFact {
  /** When the log recorded it (ISO 8601, UTC). */
  time: string;
  type: string;
  /** The fact in a sentence. */
  sentence: string;
  /** The event's data as the product holds it: only fields about this person or the thing the fact is about. */
  data: Record<string, unknown>;
}

export interface PersonalDataExport {
  /** Who the copy is about, and when it was made. */
  person: { kind: 'discord-member'; discordUserId: string };
  exportedAt: string;
  /** What the read models hold about them now. */
  current: {
    vipWindows: { guildId: string; until: string }[];
    whitelistEntries: { guildId: string; duration: string; expiresAt: string | null }[];
  };
  /** Every fact of the log about them, oldest first. */
  facts: PersonalFact[];
}

export const privacyApi = withSchemas(privacyPaths, {
  eraseMember: {
    summary:
      'Erase a Discord member on their request: ends their VIP windows and whitelist entries, waits for the key bot to take the roles back, destroys their key, removes them from the read models (idempotent)',
    params: member,
    response: { status: 200, description: 'EraseMemberResponse' },
  },
  exportMember: {
    summary: 'Every fact the product holds about a Discord member, with times and sentences (their copy)',
    params: member,
    response: { status: 200, description: 'PersonalDataExport' },
  },
});

export { privacyTexts };
