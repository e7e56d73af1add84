import { Events, GatewayIntentBits, type Client, type Guild } from 'discord.js';
import type { EventStore, Logger, Readiness, SnapshotStore } from '@vip/platform';
import type { BotsConfig } from '../config.ts';
import { connectDiscord } from '../shared/discord-client.ts';
import { EventFeed } from '../shared/event-feed.ts';
import { FoldCheckpoint } from '../shared/fold-checkpoint.ts';
import { holdsGuild, shardSetFromEnv, snapshotKeyOf, type ShardSet } from '../shared/shards.ts';
import { ProductApi } from '../shared/product-api.ts';
import { replyPrivately, runSlashCommand, somethingWentWrong } from '../shared/slash-command.ts';
import { AutoPings } from './auto-ping.ts';
import { keyBotCommands } from './commands/index.ts';
import { Greeter } from './greetings.ts';
import { GuildReporter } from './guild-reporter.ts';
import type { KeyBotContext } from './key-bot-context.ts';
import { KeyBotState } from './key-bot-state.ts';
import { REDEEM_BUTTON_ID, REDEEM_MODAL_ID, redeemSubmittedKey, showRedeemModal } from './redeem-key.ts';
import { ServerLog } from './server-log.ts';
import { VipRoleExpiry } from './vip-role-expiry.ts';
import { VipRoles } from './vip-roles.ts';
import { VerifiedOwners } from './verified-owners.ts';
import { ManagementChecks } from './management-checks.ts';
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
export const KEY_BOT_SNAPSHOT_VERSION = 1;

export interface RunningBot {
  client: Client;
  stop(): Promise<void>;
}

/** Channels and the bot's roles change what is reported; bursts of such changes are merged. */
const SETTLE_MS = 2_000;

const windowText = (minutes: number) =>
  minutes >= 1 && Number.isInteger(minutes)
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${Math.round(minutes * 60)} seconds`;

/**
 * The key bot: folds the log (settings, greetings, VIP windows), connects to Discord, reports
 * its servers, answers its commands and the Redeem Key button, greets, pings, and takes VIP
 * roles back on time.
 */
export async function startKeyBot(deps: BotDeps): Promise<RunningBot> {
  const { config, logger } = deps;
  if (!config.keyBot) throw new Error('DISCORD_TOKEN is not set');
  const state = new KeyBotState();
  const context = {
    config,
    api: new ProductApi(config.productApiUrl, config.botApiToken, logger),
    state,
    logger,
    membersIntent: true,
    vipWindowText: windowText(deps.vipRoleMinutes),
  } as KeyBotContext;
  context.verifiedOwners = new VerifiedOwners();
  // decisions.md §9: a server's log channel is used only while a verified owner holds it
  context.log = new ServerLog(
    state,
    () => context.client,
    logger,
    (guildId) => context.verifiedOwners.hasVerifiedOwner(guildId),
  );
  context.vipRoles = new VipRoles(state, context.log);
  const shards = deps.shards === undefined ? shardSetFromEnv() : deps.shards;
  // a shard keeps only its own servers (Discord's rule), in its folds and in its snapshot
  const feed = new EventFeed(deps.eventStore, logger, { holdsGuild: (guildId) => holdsGuild(shards, guildId) });
  context.feed = feed;
  deps.readiness?.add('key bot', () => feed.health());
  context.standings = new ServerStandings(context.verifiedOwners);
  context.verificationMessages = new VerificationMessages(context.standings);
  const whitelistRoles = new WhitelistRoles(context);
  context.whitelistRoles = whitelistRoles;

  const expiry = new VipRoleExpiry(context);
  const autoPings = new AutoPings(context);
  const managementChecks = new ManagementChecks(context);
  state.attach(feed);
  context.verifiedOwners.attach(feed);
  managementChecks.attach(feed);
  context.standings.attach(feed);
  context.verificationMessages.attach(feed);
  whitelistRoles.attach(feed);
  expiry.attach(feed);
  autoPings.attach(feed);
  const reporter = new GuildReporter(context);
  const checkpoint = new FoldCheckpoint(
    deps.snapshotStore,
    deps.eventStore,
    feed,
    snapshotKeyOf('key-bot', shards),
    KEY_BOT_SNAPSHOT_VERSION,
    {
      state,
      verifiedOwners: context.verifiedOwners,
      standings: context.standings,
      verificationMessages: context.verificationMessages,
      whitelist: whitelistRoles,
      managementChecks,
      reporter,
    },
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

  const greeter = new Greeter(context);
  const changed = (guild: Guild) => reporter.reportSoon(guild, SETTLE_MS);

  const wire = (client: Client, membersIntent: boolean) => {
    context.client = client;
    context.membersIntent = membersIntent;
    client.once(Events.ClientReady, async (ready) => {
      logger.info(
        { user: ready.user.tag, guilds: ready.guilds.cache.size, shards: ready.options.shards, membersIntent },
        'key bot ready',
      );
      await reporter.reportAll();
      expiry.start();
      autoPings.start();
      managementChecks.start();
      whitelistRoles.start();
    });
    client.on(Events.GuildCreate, (guild) => void reporter.report(guild));
    // discord.js emits guildDelete only when the bot left or was removed (an outage is guildUnavailable)
    client.on(Events.GuildDelete, (guild) => void reporter.left(guild.id));
    client.on(Events.GuildUpdate, (_old, guild) => void reporter.report(guild));
    client.on(Events.ChannelCreate, (channel) => changed(channel.guild));
    client.on(Events.ChannelDelete, (channel) => {
      if (!channel.isDMBased()) changed(channel.guild);
    });
    client.on(Events.ChannelUpdate, (_old, channel) => {
      if (!channel.isDMBased()) changed(channel.guild);
    });
    client.on(Events.GuildRoleUpdate, (_old, role) => changed(role.guild));
    client.on(Events.GuildRoleDelete, (role) => changed(role.guild));
    client.on(Events.GuildMemberUpdate, (_old, member) => {
      if (member.id === client.user?.id) changed(member.guild);
    });
    client.on(Events.GuildMemberAdd, (member) => {
      greeter.onJoin(member);
      whitelistRoles.onJoin(member);
      reporter.reportSoon(member.guild);
    });
    client.on(Events.GuildMemberRemove, (member) => {
      greeter.onLeave(member);
      reporter.reportSoon(member.guild);
    });
    client.on(Events.InteractionCreate, async (interaction) => {
      if (interaction.isChatInputCommand()) return runSlashCommand(keyBotCommands, interaction, context, logger);
      try {
        if (interaction.isButton() && interaction.customId === REDEEM_BUTTON_ID)
          await showRedeemModal(interaction, context);
        else if (interaction.isModalSubmit() && interaction.customId === REDEEM_MODAL_ID)
          await redeemSubmittedKey(interaction, context);
      } catch (error) {
        logger.error(
          { err: error, guildId: interaction.guildId, userId: interaction.user.id },
          'redeeming a key failed',
        );
        if (interaction.isRepliable()) await replyPrivately(interaction, somethingWentWrong).catch(() => undefined);
      }
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
      expiry.stop();
      autoPings.stop();
      managementChecks.stop();
      whitelistRoles.stop();
      greeter.stop();
      reporter.stop();
      await checkpoint.stop();
      await client.destroy();
    },
  };
}
