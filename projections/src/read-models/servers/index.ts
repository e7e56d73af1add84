import type { Projector } from '../../projector.ts';
import { guildsProjector } from './guilds.projector.ts';
import { serverOwnersProjector } from './server-owners.projector.ts';
import { userServersProjector } from './user-servers.projector.ts';

export const serversProjectors: Projector[] = [guildsProjector, serverOwnersProjector, userServersProjector];
