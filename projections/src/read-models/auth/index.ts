import type { Projector } from '../../projector.ts';
import { sessionsProjector } from './sessions.projector.ts';
import { usersProjector } from './users.projector.ts';

export const authProjectors: Projector[] = [usersProjector, sessionsProjector];
