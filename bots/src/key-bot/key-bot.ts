import { Events, GatewayIntentBits, type Client } from 'discord.js';
import type { EventStore, Logger, Readiness, SnapshotStore } from '@vip/platform';
import type { BotsConfig } from '../config.ts';
import { connectDiscord } from '../shared/discord-client.ts';
import { foldsOf } from '../shared/bot-part.ts';
import { EventFeed } from '../shared/event-feed.ts';
import { FoldCheckpoint } from '../shared/fold-checkpoint.ts';
import { holdsGuild, shardSetFromEnv, snapshotKeyOf, type ShardSet } from '../shared/shards.ts';
import { ProductApi } from '../shared/product-api.ts';
import { AutoPings } from './auto-ping.ts';
import { Greeter } from './greetings.ts';
import { GuildReporter } from './guild-reporter.ts';
import type { KeyBotContext, KeyBotFolds, KeyBotPart } from './key-bot-context.ts';
import { listenToDiscord } from './key-bot-events.ts';
import { KeyBotState } from './key-bot-state.ts';
import { ServerLog } from './server-log.ts';
import { VipRoleExpiry } from './vip-role-expiry.ts';
import { VipRoles } from './vip-roles.ts';
import { VerifiedOwners } from './verified-owners.ts';
import { ManagementChecks } from './management-checks.ts';
import { RoleProblems } from './role-problems.ts';
import { VipRoleGrants } from './vip-role-grants.ts';
import { PaymentReminders } from './payment-reminders.ts';
import { ServerStandings } from './server-standing.ts';
import { VerificationMessages } from './verification-messages.ts';
import { WhitelistRoles } from './whitelist-roles.ts';

export interface BotDeps {
  eventStore: EventStore;
  config: BotsConfig;
  /** The product's VIP window, for the text of the key-verification message. */
  vipRoleMinutes: number;
  logger: Logger;
  /** Where the bot says whether its event feed follows the log (the process's /api/ready). */
  readiness?: Readiness;
  /** Where the bot keeps the snapshot of its folds it starts from; without one it folds the whole log. */
  snapshotStore?: SnapshotStore;
  /** The shards this process runs; default: SHARDS / SHARD_COUNT as discord.js reads them (null: all). */
  shards?: ShardSet | null;
}

/** The shape of the key bot's snapshot: bumped whenever a fold's saved state changes. */
export const KEY_BOT_SNAPSHOT_VERSION = 3;

export interface RunningBot {
  client: Client;
  stop(): Promise<void>;
}

const windowText = (minutes: number) =>
  minutes >= 1 && Number.isInteger(minutes)
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${Math.round(minutes * 60)} seconds`;

/**
 * The key bot: folds the log (settings, greetings, VIP windows) from its snapshot on, connects
 * to Discord, reports its servers, answers its commands and the Redeem Key button, greets,
 * pings, and takes VIP roles back on time. Its parts are one list: each is attached to the
 * feed, saved in the snapshot (its fold), started once Discord is ready and stopped from it.
 */
export async function startKeyBot(deps: BotDeps): Promise<RunningBot> {
  const { config, logger } = deps;
  if (!config.keyBot) throw new Error('DISCORD_TOKEN is not set');
  const shards = deps.shards === undefined ? shardSetFromEnv() : deps.shards;
  // a shard keeps only its own servers (Discord's rule), in its folds and in its snapshot
  const feed = new EventFeed(deps.eventStore, logger, { holdsGuild: (guildId) => holdsGuild(shards, guildId) });
  deps.readiness?.add('key bot', () => feed.health());
  const api = new ProductApi(config.productApiUrl, config.botApiToken, logger);

  const state = new KeyBotState();
  const verifiedOwners = new VerifiedOwners();
  const standings = new ServerStandings(verifiedOwners);
  const roleProblems = new RoleProblems();
  const folds: KeyBotFolds = {
    state,
    verifiedOwners,
    standings,
    verificationMessages: new VerificationMessages(standings),
    whitelistRoles: new WhitelistRoles(logger),
    vipRoleGrants: new VipRoleGrants(state, roleProblems, logger),
    roleProblems,
  };
  const reporter = new GuildReporter();
  const greeter = new Greeter();
  const parts: readonly KeyBotPart[] = [
    folds.state,
    folds.verifiedOwners,
    folds.standings,
    folds.verificationMessages,
    new ManagementChecks(),
    folds.roleProblems,
    folds.whitelistRoles,
    folds.vipRoleGrants,
    new VipRoleExpiry(state, logger),
    new AutoPings(state, config, logger),
    reporter,
    greeter,
    // a direct message is no server's: one shard sends it
    ...(shards === null || shards.ids.includes(0) ? [new PaymentReminders()] : []),
  ];
  for (const part of parts) part.attach?.(feed);
  const checkpoint = new FoldCheckpoint(
    deps.snapshotStore,
    deps.eventStore,
    feed,
    snapshotKeyOf('key-bot', shards),
    KEY_BOT_SNAPSHOT_VERSION,
    foldsOf(parts),
    logger,
    config.snapshots,
  );
  const resumedAfter = await checkpoint.restore();
  await feed.start(resumedAfter);
  checkpoint.start();
  logger.info(
    {
      resumedAfter,
      eventsRead: feed.eventsRead,
      vipWindows: state.vipWindows.size,
      greetings: state.greetings.size,
      autoPings: state.autoPings.size,
    },
    'key bot caught up with the log',
  );

  // each client gets its context (a login refused the members intent makes a second client)
  const wire = (client: Client, membersIntent: boolean) => {
    // decisions.md §9: a server's log channel is used only while a verified owner holds it
    const log = new ServerLog(state, client, logger, (guildId) => verifiedOwners.hasVerifiedOwner(guildId));
    const context: KeyBotContext = {
      ...folds,
      client,
      config,
      api,
      feed,
      log,
      vipRoles: new VipRoles(state, log),
      logger,
      membersIntent,
      vipWindowText: windowText(deps.vipRoleMinutes),
    };
    client.once(Events.ClientReady, (ready) => {
      logger.info(
        { user: ready.user.tag, guilds: ready.guilds.cache.size, shards: ready.options.shards, membersIntent },
        'key bot ready',
      );
      for (const part of parts) part.start?.(context);
    });
    listenToDiscord(client, context, {
      serverUpdated: (guild) => void reporter.report(guild),
      serverLeft: (guildId) => void reporter.left(guildId),
      serverChanged: (guild, settleMs) => reporter.reportSoon(guild, settleMs),
      memberJoined: (member) => {
        greeter.onJoin(member);
        folds.whitelistRoles.onJoin(member);
        folds.vipRoleGrants.onJoin(member);
        reporter.reportSoon(member.guild);
      },
      memberLeft: (member) => {
        greeter.onLeave(member);
        folds.vipRoleGrants.onLeave(member);
        reporter.reportSoon(member.guild);
      },
    });
  };

  const { client } = await connectDiscord({
    token: config.keyBot.token,
    apiUrl: config.discordApiUrl,
    intents: [GatewayIntentBits.Guilds],
    optionalIntent: GatewayIntentBits.GuildMembers,
    logger,
    wire,
  }).catch(async (error: unknown) => {
    // a bot that never connected must not keep following the log
    feed.stop();
    await checkpoint.stop();
    throw error;
  });

  return {
    client,
    async stop() {
      feed.stop();
      for (const part of parts) part.stop?.();
      await checkpoint.stop();
      await client.destroy();
    },
  };
}
