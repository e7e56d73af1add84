import { loadFold, type FoldStores } from '../core/load-state.ts';
import { guildFold, guildStream } from './guild.state.ts';

/** Is the key bot in this server, per the server's own stream (never a read model)? */
export async function isBotInServer(stores: FoldStores, guildId: string): Promise<boolean> {
  return (await loadFold(stores, guildStream(guildId), guildFold)).state.botPresent;
}
