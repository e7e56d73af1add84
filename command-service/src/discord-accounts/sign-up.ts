import { errorCodes } from '@vip/contracts';
import { DomainError, passwords, type EventStore } from '@vip/platform';
import type { CommandContext } from '../core/command-handler.ts';
import { registerUser } from '../auth/auth.commands.ts';

/**
 * The panel username a Discord account starts with: its handle in the characters panel names
 * allow, 3 to 32 long; then the same with a number when it is taken.
 */
export function usernameCandidates(handle: string, discordUserId: string): string[] {
  let base = handle.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 26);
  if (base.length < 3) base = `discord-${discordUserId.slice(-6)}`;
  return [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`), `${base}-${discordUserId.slice(-6)}`];
}

/**
 * DISCORD_SIGNUP=open: a Discord account that is nobody's yet becomes a panel user, under the
 * id its account was reserved for (reserveForSignUp). Its password is generated and answered
 * once, for the sign-in page to show (decisions.md §4: a generated password is shown once):
 * with it the user may sign in without Discord, and prove the account when they reset it.
 * Parallel sign-ups of one account register the same id under the same first free username;
 * one registers it and answers the password, the others answer null.
 */
export async function signUpFromDiscord(
  store: EventStore,
  input: { userId: string; handle: string; discordUserId: string },
  context: CommandContext,
): Promise<{ password: string | null }> {
  const password = passwords.generate();
  for (const username of usernameCandidates(input.handle, input.discordUserId)) {
    try {
      await registerUser(store, { username, password, isAdmin: false, userId: input.userId }, context);
      return { password };
    } catch (error) {
      if (error instanceof DomainError && error.code === errorCodes.userExists) return { password: null };
      if (error instanceof DomainError && error.code === errorCodes.usernameTaken) continue;
      throw error;
    }
  }
  throw new DomainError('conflict', 'No free username for this Discord account', errorCodes.usernameTaken);
}
