import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { greetingDecider } from './greeting.decider.ts';
import { greetingStream } from './greeting.state.ts';

// the form and the greetings list reload right after saving
export const greetings = commandHandlerFor(greetingDecider, (command) => greetingStream(command.guildId), {
  readYourWrites: { projection: projections.greetings, ifLate: 'answer' },
});
