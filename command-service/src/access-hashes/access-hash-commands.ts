import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { accessHashDecider, accessHashStream } from './access-hash.decider.ts';

const streamOf = (command: { hashDigest: string }) => accessHashStream(command.hashDigest);

/** Links used by key generation: the visitor does not read the link back, so nothing waits. */
export const accessHashes = commandHandlerFor(accessHashDecider, streamOf);

/** Links issued: the hash gate validates the link right after the answer, so it waits until the check finds it. */
export const issuedAccessHashes = commandHandlerFor(accessHashDecider, streamOf, {
  readYourWrites: projections.accessHashes,
});
