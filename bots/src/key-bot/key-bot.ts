import { type Client, Events, GatewayIntentBits } from 'discord.js';
import { type BotDeps, feedOf, type RunningBot, runParts } from '../shared/bot-run.ts';
import { ProductApi } from '../shared/product-api.ts';
import { AutoPings } from './auto-ping.ts';
import { Greeter } from './greetings.ts';
import { GuildReporter } from './guild-reporter.ts';
import type { KeyBotContext, KeyBotFolds, KeyBotPart } from './key-bot-context.ts';
import { listenToDiscord } from './key-bot-events.ts';
import { KeyBotState } from './key-bot-state.ts';
import { ManagementChecks } from './management-checks.ts';
import { PaymentReminders } from './payment-reminders.ts';
import { RoleProblems } from './role-problems.ts';
import { ServerLog } from './server-log.ts';
import { ServerStandings } from './server-standing.ts';
import { VerificationMessages } from './verification-messages.ts';
import { VerifiedOwners } from './verified-owners.ts';
import { VipRoleExpiry } from './vip-role-expiry.ts';
import { VipRoleGrants } from './vip-role-grants.ts';
import { VipRoles } from './vip-roles.ts';
import { WhitelistRoles } from './whitelist-roles.ts';

export type { BotDeps, RunningBot } from '../shared/bot-run.ts';

export interface KeyBotDeps extends BotDeps {
  /** The product's VIP window, for the text of the key-verification message. */
  vipRoleMinutes: number;
}

/** The shape of the key bot's snapshot: bumped whenever a fold's saved state changes. */
export const KEY_BOT_SNAPSHOT_VERSION = 3;

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
export async function startKeyBot(deps: KeyBotDeps): Promise<RunningBot> {
  const { config, logger } = deps;
  if (!config.keyBot) throw new Error('DISCORD_TOKEN is not set');
  const { feed, shards } = feedOf(deps, 'key-bot');
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
    new Greeter(),
    // a direct message is no server's: one shard sends it
    ...(shards === null || shards.ids.includes(0) ? [new PaymentReminders()] : []),
  ];
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
        for (const part of parts) part.memberJoined?.(member);
      },
      memberLeft: (member) => {
        for (const part of parts) part.memberLeft?.(member);
      },
    });
  };

  return runParts(deps, 'key-bot', {
    feed,
    shards,
    parts,
    snapshotVersion: KEY_BOT_SNAPSHOT_VERSION,
    caughtUp: (resumedAfter) =>
      logger.info(
        {
          resumedAfter,
          eventsRead: feed.eventsRead,
          vipWindows: state.vipWindows.size,
          greetings: state.greetings.size,
          autoPings: state.autoPings.size,
        },
        'key bot caught up with the log',
      ),
    discord: {
      token: config.keyBot.token,
      apiUrl: config.discordApiUrl,
      intents: [GatewayIntentBits.Guilds],
      optionalIntent: GatewayIntentBits.GuildMembers,
      wire,
    },
  });
}
