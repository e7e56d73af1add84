import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { accessHashDecider, accessHashStream } from './access-hash.decider.ts';

/**
 * One-time links. An issued link is validated by the hash gate right after the answer: the
 * answer waits until the check finds it, and is refused (503) rather than hand out a link that
 * would read as unknown. A link used by key generation is not read back: nothing waits.
 */
export const accessHashes = commandHandlerFor(accessHashDecider, (command) => accessHashStream(command.hashDigest), {
  readYourWrites: { projection: projections.accessHashes, ifLate: 'refuse', only: ['IssueAccessHash'] },
});
