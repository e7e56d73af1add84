import type { EventStore } from '@vip/platform';
import { loadState } from '../core/load-state.ts';
import { evolveGuild, guildStream, initialGuildState } from './guild.state.ts';

/** Is the key bot in this server, per the server's own stream (never a read model)? */
export async function isBotInServer(store: EventStore, guildId: string): Promise<boolean> {
  return (await loadState(store, guildStream(guildId), evolveGuild, initialGuildState())).state.botPresent;
}
