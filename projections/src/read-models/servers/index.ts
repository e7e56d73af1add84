import type { Projector } from '../../projector.ts';
import { guildsProjector } from './guilds.projector.ts';
import { serverOwnersProjector } from './server-owners.projector.ts';
import { userServersProjector } from './user-servers.projector.ts';
import { greetingsProjector } from './greetings.projector.ts';

export const serversProjectors: Projector[] = [
  guildsProjector,
  serverOwnersProjector,
  userServersProjector,
  greetingsProjector,
];
