import { commandHandlerFor } from '../core/command-handler.ts';
import { keyDecider, keyStream } from './key.decider.ts';

/** Keys are generated and redeemed through here; nobody re-reads a key at once, so nothing waits. */
export const keys = commandHandlerFor(keyDecider, (command) => keyStream(command.keyDigest));
