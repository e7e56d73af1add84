import { type SessionDocument, authReadModels } from '@vip/contracts';
import type { CommandContext } from '../core/command-handler.ts';
import type { CommandDeps } from '../core/deps.ts';
import { sessions } from './session-commands.ts';

/**
 * Ends every open session of a user but `kept` (the one that changed the password): their
 * tokens answer 401 once this returns, and the /ws gateway closes their sockets with 4401.
 * Sessions are found in the sessions read model, which holds every token handed out (sign-in
 * waits for it), so none is missed; only the ones still open are read (not ended, not
 * expired), so the work follows the sessions of the last token lifetime, never every session
 * the user ever started. Answers how many were ended.
 */
export async function endOtherSessions(
  deps: CommandDeps,
  userId: string,
  kept: string,
  context: CommandContext,
): Promise<number> {
  const open = await deps.readStore
    .collection<SessionDocument>(authReadModels.sessions)
    .find({ userId, endedAt: null, expiresAt: { $gt: context.now.toISOString() } });
  const others = open.filter((session) => session._id !== kept);
  await Promise.all(
    others.map((session) => sessions(deps, { type: 'EndSession', sessionId: session._id, userId }, context)),
  );
  return others.length;
}
