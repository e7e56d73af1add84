import type { Projector } from '../../projector.ts';
import { statsProjector } from './stats.projector.ts';

export const statsProjectors: Projector[] = [statsProjector];
