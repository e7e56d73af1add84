import { errorCodes, privacyApi, privacyTexts } from '@vip/contracts';
import { clientAndNetworkKeys, clientKey, DomainError, type MountedRoute, on, passwords } from '@vip/platform';
import { userOf } from '../auth/auth.commands.ts';
import { sessionStream } from '../auth/session.state.ts';
import { answerStripeFailure } from '../billing/checkout-routes.ts';
import { StripeFailed, stripeGateway } from '../billing/stripe-gateway.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { eraseMember } from './member-erasure.ts';
import { deleteUser } from './user-deletion.ts';

/** How recent a Discord sign-in must be to stand in for the password of an account deleting itself. */
const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * An admin carries out a member's or a panel user's request for erasure; a panel user deletes
 * their own account (DELETE /api/user/me).
 */
export function privacyRoutes(deps: CommandDeps): MountedRoute[] {
  const gateway = deps.config.billing ? stripeGateway(deps.config.billing) : null;

  /** The owner proves the account: its password, or a Discord sign-in of the last 10 minutes. */
  async function proveOwner(userId: string, sessionId: string, password: string | undefined, client: string) {
    if (password !== undefined && password !== '') {
      const { passwordHash } = await userOf(deps.eventStore, userId);
      const proven = await deps.passwordWork.run(client, () => passwords.verify(passwordHash ?? '', password));
      if (!proven) throw new DomainError('forbidden', privacyTexts.wrongPassword, errorCodes.wrongCurrentPassword);
      return;
    }
    // no password: only a Discord sign-in of the last 10 minutes proves the account (a Discord sign-up never saw its password)
    const [started] = await deps.eventStore.readStream(sessionStream(sessionId));
    const session = started?.data as { via?: string; startedAt?: string } | undefined;
    const startedAt = session?.startedAt ? Date.parse(session.startedAt) : Number.NaN;
    if (session?.via !== 'discord' || !(Date.now() - startedAt <= RECENT_SIGN_IN_MS))
      throw new DomainError('invalid', privacyTexts.recentSignInNeeded, errorCodes.recentSignInNeeded);
  }

  const deleting = async <Answer>(ctx: Parameters<typeof answerStripeFailure>[1], run: () => Promise<Answer>) => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof StripeFailed)) throw error;
      return answerStripeFailure(deps, ctx, error, 'cancelling the subscription of a deleted account');
    }
  };

  return [
    on(privacyApi.eraseMember, async ({ ctx, params: { discordUserId } }) =>
      eraseMember(deps, discordUserId, commandContext(ctx)),
    ),
    on(
      privacyApi.deleteOwnAccount,
      async ({ ctx, user, body: { password } }) => {
        await proveOwner(user.id, user.sessionId, password, clientKey(ctx, deps.keyring));
        return deleting(ctx, () => deleteUser(deps, gateway, { userId: user.id, by: 'self' }, commandContext(ctx)));
      },
      // each attempt may cost an argon2 run: a guesser of the password is slowed down per account
      {
        rateLimit: {
          perMinute: deps.config.rateLimits.login,
          keyOf: ({ user }) => user.id,
          coarserKeysOf: ({ ctx }) => clientAndNetworkKeys(ctx, deps.keyring),
          coarserLevels: 2,
        },
      },
    ),
    on(privacyApi.eraseUser, async ({ ctx, params: { id } }) =>
      deleting(ctx, () => deleteUser(deps, gateway, { userId: id, by: 'admin' }, commandContext(ctx))),
    ),
  ];
}
