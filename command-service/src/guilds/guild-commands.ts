import { projections, type GuildSnapshot } from '@vip/contracts';
import { commandHandlerFor, type CommandContext, type CommandStores } from '../core/command-handler.ts';
import { guildDecider } from './guild.decider.ts';
import { guildStream } from './guild.state.ts';

// key pages opened right after the bot joined should already find the server
const guilds = commandHandlerFor(guildDecider, (command) => guildStream(command.guildId), {
  readYourWrites: projections.guilds,
});

/**
 * What the key bot saw of a server, recorded only when it differs from what is known. The
 * bot route and `npm run demo` both come through here, so the demo server is exactly what
 * a real report would make.
 */
export async function reportGuild(
  stores: CommandStores,
  guildId: string,
  snapshot: GuildSnapshot,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const { events } = await guilds(stores, { type: 'ReportGuild', guildId, snapshot }, context);
  return { changed: events.length > 0 };
}

export async function leaveGuild(
  stores: CommandStores,
  guildId: string,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const { events } = await guilds(stores, { type: 'LeaveGuild', guildId }, context);
  return { changed: events.length > 0 };
}
