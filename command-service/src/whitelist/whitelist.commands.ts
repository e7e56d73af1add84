import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { whitelistDecider } from './whitelist.decider.ts';
import { whitelistStream } from './whitelist.state.ts';

// The manager refetches its list right after an add or a removal (a retry would add twice: a
// late answer is counted, not refused). The bot's report changes nothing anybody lists: it
// answers once the event is in the log.
export const whitelist = commandHandlerFor(
  whitelistDecider,
  (command) => whitelistStream(command.guildId, command.userId),
  {
    readYourWrites: {
      projection: projections.whitelist,
      ifLate: 'answer',
      only: ['AddWhitelistEntry', 'RemoveWhitelistEntry'],
    },
  },
);
