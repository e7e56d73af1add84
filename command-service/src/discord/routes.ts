import { randomUUID } from 'node:crypto';
import { configDefaults, discordApi, discordTexts, errorCodes, managesServer } from '@vip/contracts';
import {
  answeredOnCtx,
  clientAndNetworkKeys,
  DomainError,
  digestOf,
  type MountedRoute,
  on,
  randomCode,
  servedOverHttps,
} from '@vip/platform';
import type { Context } from 'koa';
import { userOf } from '../auth/auth.commands.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { releaseServerClaim } from '../servers/servers.commands.ts';
import { isBotInServer } from '../servers/servers.reads.ts';
import {
  checks,
  connectDiscord,
  linkCodes,
  linkDiscordAccount,
  panelUserForLink,
  proveManagement,
  signInWithDiscord,
  unlinkDiscordAccount,
} from './discord.commands.ts';
import { discordLinkOf, isSignInCompleted, managementCheckOf, panelUserOf } from './discord.reads.ts';
import {
  type DiscordAccountRead,
  DiscordUnreachable,
  issueSignInState,
  readDiscordAccount,
  SIGN_IN_COOKIE,
  verifySignInState,
} from './discord-oauth.ts';

const COOKIE_PATH = '/api/auth/discord';

/**
 * Discord identity (decisions.md §9): signing in with Discord, OAuth2's authorization-code flow
 * (the redirect address is a frontend page that POSTs the code and state here, so every GET
 * stays pure; the state is bound to the browser by an HttpOnly cookie and completed once, and
 * Discord's access token lives only during the callback); /link codes and the key bot's /link;
 * the role checks the key bot carries out; an admin unlinking an account or releasing a claim.
 */
export function discordRoutes(deps: CommandDeps): MountedRoute[] {
  const { config, keyring, eventStore } = deps;
  /**
   * Secure whenever the public address is https (issue #19 item 8), even when the process
   * itself is reached over http behind a proxy that ends TLS and is not trusted to say so.
   */
  const secureCookie = (ctx: Context) => {
    if (!servedOverHttps(config.publicUrl)) return ctx.secure;
    ctx.cookies.secure = true; // the cookies module refuses a Secure cookie on a request it thinks is http
    return true;
  };
  const requireOAuth = () => {
    if (!config.discordClientId || !config.discordClientSecret)
      throw new DomainError('not_found', discordTexts.notConfigured, errorCodes.discordNotConfigured);
  };

  const { linkCodeMinutes, requestsPerMinute } = configDefaults.discordIdentity;
  const perUser = {
    perMinute: requestsPerMinute,
    keyOf: ({ user }: { user: { id: string } }) => user.id,
    // when this limit's share of the counter is full, a user without a window is counted with its address, then its network
    coarserKeysOf: ({ ctx }: { ctx: Context }) => clientAndNetworkKeys(ctx, keyring),
    coarserLevels: 2,
  };

  return [
    on(discordApi.start, async ({ ctx, user, body: { intent } }) => {
      requireOAuth();
      if (intent === 'connect' && !user) throw new DomainError('unauthorized', discordTexts.connectNeedsSession);
      const lifetimeMs = configDefaults.discordIdentity.signInMinutes * 60_000;
      const redirectUri = `${config.publicUrl ?? `${ctx.protocol}://${ctx.host}`}/auth/discord/callback`;
      const { state, nonce } = issueSignInState(keyring, {
        intent,
        userId: intent === 'connect' ? user!.id : null,
        redirectUri,
        expiresAt: Date.now() + lifetimeMs,
      });
      ctx.cookies.set(SIGN_IN_COOKIE, nonce, {
        httpOnly: true,
        sameSite: 'lax',
        path: COOKIE_PATH,
        maxAge: lifetimeMs,
        secure: secureCookie(ctx),
        overwrite: true,
      });
      const query = new URLSearchParams({
        client_id: config.discordClientId!,
        response_type: 'code',
        scope: 'identify guilds',
        redirect_uri: redirectUri,
        state,
      });
      return { authorizeUrl: `${config.discordOAuthAuthorizeUrl}?${query}` };
    }),

    on(discordApi.callback, async ({ ctx, user, body: { code, state } }) => {
      requireOAuth();
      const nonce = ctx.cookies.get(SIGN_IN_COOKIE);
      // one attempt per start, whatever its outcome
      ctx.cookies.set(SIGN_IN_COOKIE, null, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie(ctx),
      });
      const intent = verifySignInState(keyring, state, nonce, new Date());
      if (await isSignInCompleted(eventStore, state))
        throw new DomainError('conflict', discordTexts.stateUsed, errorCodes.discordStateUsed);
      if (intent.intent === 'connect' && !user) throw new DomainError('unauthorized', discordTexts.connectNeedsSession);
      if (intent.intent === 'connect' && user?.id !== intent.userId)
        throw new DomainError('forbidden', discordTexts.otherSession, errorCodes.forbidden);

      let read: DiscordAccountRead;
      try {
        read = await readDiscordAccount(config, code, intent.redirectUri);
      } catch (error) {
        if (!(error instanceof DiscordUnreachable)) throw error;
        deps.logger.warn({ err: error, correlationId: ctx.state.correlationId }, 'Discord did not answer a sign-in');
        ctx.status = 502;
        ctx.body = { error: discordTexts.discordUnreachable, code: errorCodes.discordUnreachable };
        return answeredOnCtx;
      }
      return intent.intent === 'connect'
        ? connectDiscord(deps, ctx, user!, state, read)
        : signInWithDiscord(deps, ctx, state, read);
    }),

    on(
      discordApi.linkCode,
      async ({ ctx, user }) => {
        const code = randomCode(10);
        const expiresAt = new Date(Date.now() + linkCodeMinutes * 60_000);
        await linkCodes(
          deps,
          { type: 'IssueLinkCode', codeDigest: digestOf(code), userId: user.id, expiresAt },
          commandContext(ctx),
          { withoutReading: 'new' },
        );
        return { code, expiresAt: expiresAt.toISOString() };
      },
      { rateLimit: perUser },
    ),

    on(discordApi.link, async ({ ctx, body: { guildId, guild, member, code } }) => {
      const now = new Date();
      const userId = await panelUserForLink(eventStore, code, member.id, now);
      // everything that can refuse is asked before anything is written
      if (!managesServer(member))
        throw new DomainError('forbidden', discordTexts.notManager, errorCodes.notServerManager);
      const holder = await panelUserOf(eventStore, member.id);
      if (holder !== null && holder !== userId)
        throw new DomainError('conflict', discordTexts.accountTaken, errorCodes.discordAccountTaken);
      const linked = await discordLinkOf(eventStore, userId);
      if (linked.discordUserId !== null && linked.discordUserId !== member.id)
        throw new DomainError('conflict', discordTexts.otherUsersCode, errorCodes.linkCodeOtherUser);

      const context = { ...commandContext(ctx), now };
      if (code !== undefined)
        await linkCodes(
          deps,
          { type: 'UseLinkCode', codeDigest: digestOf(code), discordUserId: member.id, guildId },
          context,
        );
      const account = { discordUserId: member.id, username: member.username, avatar: member.avatar };
      const { linked: newlyLinked } = await linkDiscordAccount(deps, { userId, account, via: 'link-command' }, context);
      const { claimsVerified } = await proveManagement(
        deps,
        {
          userId,
          discordUserId: member.id,
          servers: [{ guildId, name: guild.name, icon: guild.icon }],
          via: 'link-command',
          complete: false,
        },
        context,
      );
      const state = await userOf(eventStore, userId);
      return {
        username: state.username ?? '',
        linked: newlyLinked,
        claimVerified: claimsVerified.includes(guildId),
      };
    }),

    on(
      discordApi.verifyServer,
      async ({ ctx, user, params: { serverId } }) => {
        const { discordUserId } = await discordLinkOf(eventStore, user.id);
        if (discordUserId === null)
          throw new DomainError('conflict', discordTexts.notLinked, errorCodes.discordNotLinked);
        if (!(await isBotInServer(deps, serverId)))
          throw new DomainError('conflict', discordTexts.botNotInServer, errorCodes.botNotInServer);
        const checkId = randomUUID();
        await checks(
          deps,
          { type: 'RequestManagementCheck', checkId, userId: user.id, discordUserId, guildId: serverId },
          commandContext(ctx),
          { withoutReading: 'new' },
        );
        return { checkId };
      },
      { rateLimit: perUser },
    ),

    on(discordApi.answerCheck, async ({ ctx, params: { checkId }, body: { guild, member } }) => {
      const { request } = await managementCheckOf(eventStore, checkId);
      const manages =
        request !== null && member !== null && member.id === request.discordUserId && managesServer(member);
      const context = commandContext(ctx);
      const { events } = await checks(deps, { type: 'AnswerManagementCheck', checkId, manages }, context);
      if (events.length > 0 && manages && request) {
        const { userId, discordUserId, guildId } = request;
        const servers = [{ guildId, name: guild.name, icon: guild.icon }];
        try {
          await proveManagement(deps, { userId, discordUserId, servers, via: 'bot-roles', complete: false }, context);
        } catch (error) {
          // unlinked while the bot looked: the answer stands, the proof no longer applies
          if (!(error instanceof DomainError && error.code === errorCodes.discordNotLinked)) throw error;
        }
      }
      return { manages, changed: events.length > 0 };
    }),

    on(discordApi.unlink, async ({ ctx, params: { id }, body: { reason } }) => {
      await unlinkDiscordAccount(deps, { userId: id, reason }, commandContext(ctx));
      return { success: true, message: discordTexts.accountUnlinked };
    }),

    on(discordApi.releaseClaim, async ({ ctx, params: { serverId }, body: { reason } }) => {
      await releaseServerClaim(deps, { guildId: serverId, reason }, commandContext(ctx));
      return { success: true, message: discordTexts.claimReleased };
    }),
  ];
}
