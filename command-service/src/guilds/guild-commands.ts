import { projections, type GuildSnapshot } from '@vip/contracts';
import { commandHandlerFor, type CommandContext, type CommandStores } from '../core/command-handler.ts';
import { guildDecider } from './guild.decider.ts';
import { guildMembersDecider, guildMembersStream } from './guild-members.decider.ts';
import { guildStream } from './guild.state.ts';

// key pages opened right after the bot joined should already find the server; a retry of a
// report changes nothing, but the bot does not read it back either: a late answer is counted
const readYourWrites = { projection: projections.guilds, ifLate: 'answer' } as const;
const guilds = commandHandlerFor(guildDecider, (command) => guildStream(command.guildId), { readYourWrites });
const memberCounts = commandHandlerFor(guildMembersDecider, (command) => guildMembersStream(command.guildId), {
  readYourWrites,
});

/**
 * What the key bot saw of a server, recorded only when it differs from what is known: the
 * facts on the server's stream, the member count on a stream of its own. The bot route and
 * `npm run demo` both come through here, so the demo server is exactly what a real report
 * would make.
 */
export async function reportGuild(
  stores: CommandStores,
  guildId: string,
  snapshot: GuildSnapshot,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const facts = await guilds(stores, { type: 'ReportGuild', guildId, snapshot }, context);
  // after the facts: the read model's server exists when its count arrives
  const count = await memberCounts(
    stores,
    { type: 'CountMembers', guildId, memberCount: snapshot.memberCount },
    context,
  );
  return { changed: facts.events.length > 0 || count.events.length > 0 };
}

export async function leaveGuild(
  stores: CommandStores,
  guildId: string,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const { events } = await guilds(stores, { type: 'LeaveGuild', guildId }, context);
  return { changed: events.length > 0 };
}
