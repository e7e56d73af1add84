import { BOT_TOKEN } from './all-in-one.ts';
import { api } from './http.ts';

/** Discord's Manage Server permission bit, as an interaction carries it. */
export const MANAGE_SERVER = String(1 << 5);

let next = 0;
/** A fresh Discord user id (a snowflake) for a test's people. */
export const discordUserId = () => `6${String(Date.now()).slice(-9)}${String(next++).padStart(8, '0')}`;

/**
 * The signed-in user proves they manage these servers the way the key bot's `/link` does
 * it (decisions.md §9): a link code from the panel, then the bot's call with what Discord
 * said of the member (Manage Server) for each server, the first with the code. The same
 * Discord account is used again when the user has one linked already.
 */
export async function proveManagement(
  baseUrl: string,
  token: string,
  guildIds: readonly string[],
  member: { id?: string; username?: string; avatar?: string | null } = {},
): Promise<{ discordUserId: string }> {
  const linked = await api<{ account: { id: string } | null }>(baseUrl, 'GET', '/api/user/discord', { token });
  if (linked.status !== 200) throw new Error(`GET /api/user/discord answered ${linked.status}`);
  const id = linked.body.account?.id ?? member.id ?? discordUserId();
  let code: string | undefined;
  if (!linked.body.account) {
    const issued = await api<{ code: string }>(baseUrl, 'POST', '/api/user/link-code', { token });
    if (issued.status !== 201) throw new Error(`POST /api/user/link-code answered ${issued.status}`);
    code = issued.body.code;
  }
  for (const guildId of guildIds) {
    const linking = await api(baseUrl, 'POST', '/api/bot/discord/link', {
      token: BOT_TOKEN,
      body: {
        guildId,
        guild: { name: `Server ${guildId.slice(-4)}`, icon: null },
        member: {
          id,
          username: member.username ?? `member-${id.slice(-4)}`,
          avatar: member.avatar ?? null,
          permissions: MANAGE_SERVER,
          owner: false,
        },
        ...(code ? { code } : {}),
      },
    });
    if (linking.status !== 200)
      throw new Error(`/link for ${guildId} answered ${linking.status}: ${JSON.stringify(linking.body)}`);
    code = undefined;
  }
  return { discordUserId: id };
}
