import type { Projector } from '../../projector.ts';
import { greetingsProjector } from './greetings.projector.ts';

export const greetingsProjectors: Projector[] = [greetingsProjector];
