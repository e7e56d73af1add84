import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { serverSponsorDecider } from './server-sponsor.decider.ts';
import { serverSponsorStream } from './server-sponsor.state.ts';

// the panel reads the link back at once, and the key page right after
export const sponsors = commandHandlerFor(serverSponsorDecider, (command) => serverSponsorStream(command.guildId), {
  readYourWrites: { projection: projections.serverSponsors, ifLate: 'answer' },
});
