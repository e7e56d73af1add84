import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { verificationMessageDecider } from './verification-message.decider.ts';
import { verificationMessageStream } from './verification-message.state.ts';

// the editor reloads the message right after saving
export const messages = commandHandlerFor(
  verificationMessageDecider,
  (command) => verificationMessageStream(command.guildId),
  {
    readYourWrites: { projection: projections.verificationMessages, ifLate: 'answer' },
  },
);
