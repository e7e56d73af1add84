import {
  configDefaults,
  discordApi,
  discordAvatarUrl,
  discordTexts,
  errorCodes,
  managesServer,
  type DiscordCallbackResponse,
  type DiscordStartResponse,
} from '@vip/contracts';
import { DomainError, on, servedOverHttps, type MountedRoute, type SignedInUser } from '@vip/platform';
import type { Context } from 'koa';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { openSession, userOf } from '../auth/auth.commands.ts';
import { discordLinkOf } from './management-proof.ts';
import { DiscordUnreachable, readDiscordAccount, type DiscordAccountRead } from './discord-oauth.ts';
import { linkDiscordAccount, panelUserOf, proveManagement, reserveForSignUp } from './link-account.ts';
import { signUpFromDiscord } from './sign-up.ts';
import { SIGN_IN_COOKIE, issueSignInState, signInDecider, signInStream, verifySignInState } from './sign-in-state.ts';

const signIns = commandHandlerFor(signInDecider, (command) => signInStream(command.state));
const COOKIE_PATH = '/api/auth/discord';

/**
 * Sign in with Discord (decisions.md §9), OAuth2's authorization-code flow. The redirect
 * address is a frontend page that POSTs the code and state here, so every GET stays pure.
 * The state is bound to the browser by an HttpOnly cookie, completed once (a stream
 * appended with no_stream), and Discord's access token lives only during the callback.
 */
export function discordSignInRoutes(deps: CommandDeps): MountedRoute[] {
  const { config, keyring } = deps;
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
      const answer: DiscordStartResponse = { authorizeUrl: `${config.discordOAuthAuthorizeUrl}?${query}` };
      return answer;
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
      const started = await loadState(deps.eventStore, signInStream(state), signInDecider.evolve, { completed: false });
      if (started.state.completed)
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
        return;
      }
      return intent.intent === 'connect' ? connect(deps, ctx, user!, state, read) : signIn(deps, ctx, state, read);
    }),
  ];
}

/** The state is completed once, whatever happens next: a second callback with it is refused. */
async function useState(deps: CommandDeps, ctx: Context, userId: string, state: string, read: DiscordAccountRead) {
  const context = commandContext(ctx, { kind: 'user', id: userId });
  const { discordUserId } = read.account;
  await signIns(deps, { type: 'CompleteSignIn', state, userId, discordUserId }, context, { withoutReading: 'new' });
}

async function recordAccount(deps: CommandDeps, ctx: Context, userId: string, read: DiscordAccountRead) {
  const context = commandContext(ctx, { kind: 'user', id: userId });
  const { discordUserId } = read.account;
  await linkDiscordAccount(deps, { userId, account: read.account, via: 'oauth' }, context);
  const servers = read.guilds
    .filter(managesServer)
    .map((guild) => ({ guildId: guild.id, name: guild.name, icon: guild.icon }));
  await proveManagement(deps, { userId, discordUserId, servers, via: 'oauth', complete: true }, context);
}

/** "Connect Discord" for a user signed in with a password: the account is linked, the session stays. */
async function connect(
  deps: CommandDeps,
  ctx: Context,
  user: SignedInUser,
  state: string,
  read: DiscordAccountRead,
): Promise<DiscordCallbackResponse> {
  const { discordUserId, username, avatar } = read.account;
  // refused before anything is written: the state stays usable for nobody, the log unchanged
  const holder = await panelUserOf(deps.eventStore, discordUserId);
  if (holder !== null && holder !== user.id)
    throw new DomainError('conflict', discordTexts.accountTaken, errorCodes.discordAccountTaken);
  const linked = await discordLinkOf(deps.eventStore, user.id);
  if (linked.discordUserId !== null && linked.discordUserId !== discordUserId)
    throw new DomainError('conflict', discordTexts.alreadyLinked, errorCodes.discordAlreadyLinked);
  await useState(deps, ctx, user.id, state, read);
  await recordAccount(deps, ctx, user.id, read);
  return {
    intent: 'connect',
    account: { id: discordUserId, username, avatar: discordAvatarUrl(discordUserId, avatar) },
  };
}

/**
 * Sign in as the panel user the account is linked to; or, where sign-up is open, as a new
 * one. A sign-up reserves the account for a new user id first, then uses the state, then
 * registers the user (issue #19 item 7: registered first, parallel callbacks left panel
 * users without their account): parallel callbacks of one account agree on one user, and a
 * sign-up cut short (a crash) is completed by the next one.
 */
async function signIn(
  deps: CommandDeps,
  ctx: Context,
  state: string,
  read: DiscordAccountRead,
): Promise<DiscordCallbackResponse> {
  const { discordUserId } = read.account;
  let userId = await panelUserOf(deps.eventStore, discordUserId);
  if (userId === null && deps.config.discordSignUp === 'closed')
    throw new DomainError('forbidden', discordTexts.signUpClosed, errorCodes.discordSignUpClosed);
  const signUp = commandContext(ctx, { kind: 'system', id: 'discord-sign-up' });
  userId ??= await reserveForSignUp(deps, discordUserId, signUp);
  await useState(deps, ctx, userId, state, read);
  let holder = await userState(deps, userId);
  let newPassword: string | undefined;
  if (!holder.registered) {
    const { password } = await signUpFromDiscord(
      deps.eventStore,
      { userId, handle: read.handle, discordUserId },
      signUp,
    );
    newPassword = password ?? undefined;
    holder = await userState(deps, userId);
  }
  await recordAccount(deps, ctx, userId, read);
  const session = await openSession(deps, ctx, { userId, username: holder.username ?? '', isAdmin: holder.isAdmin });
  // a sign-up's password is answered this once; JSON leaves an undefined one out
  return { intent: 'sign-in', ...session, newPassword };
}

async function userState(deps: CommandDeps, userId: string) {
  return userOf(deps.eventStore, userId);
}
