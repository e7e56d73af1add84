import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { sessionDecider, sessionStream } from './session.decider.ts';

/**
 * Sessions fail closed (a token without its session record is refused): a token is handed
 * out only once every service can find its session, and a session is said to be over only
 * once its token stops working everywhere. An answer that cannot be made true in time is
 * refused (503) rather than given.
 */
export const sessions = commandHandlerFor(sessionDecider, (command) => sessionStream(command.sessionId), {
  readYourWrites: { projection: projections.sessions, ifLate: 'refuse' },
});
