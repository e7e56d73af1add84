import { projections, readModels, type SessionDocument } from '@vip/contracts';
import { commandHandlerFor, type CommandContext } from '../core/command-handler.ts';
import type { CommandDeps } from '../core/deps.ts';
import { sessionDecider, sessionStream } from './session.decider.ts';

// each token must stop working before the change that ended it is answered
const endSession = commandHandlerFor(sessionDecider, (command) => sessionStream(command.sessionId), {
  readYourWrites: projections.sessions,
});

/**
 * Ends every open session of a user but `kept` (the one that changed the password): their
 * tokens answer 401 once this returns, and the /ws gateway closes their sockets with 4401.
 * Sessions are found in the sessions read model, which holds every token ever handed out
 * (sign-in waits for it), so none is missed. Answers how many were ended.
 */
export async function endOtherSessions(
  deps: CommandDeps,
  userId: string,
  kept: string,
  context: CommandContext,
): Promise<number> {
  const sessions = await deps.readStore.collection<SessionDocument>(readModels.sessions).find({ userId });
  const open = sessions.filter(
    (session) =>
      session._id !== kept &&
      !session.endedAt &&
      (!session.expiresAt || Date.parse(session.expiresAt) > context.now.getTime()),
  );
  await Promise.all(
    open.map((session) => endSession(deps, { type: 'EndSession', sessionId: session._id, userId }, context)),
  );
  return open.length;
}
