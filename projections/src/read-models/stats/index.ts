import type { Projector } from '../../projector.ts';
import { revenueProjector } from './revenue.projector.ts';
import { statsProjector } from './stats.projector.ts';

export const statsProjectors: Projector[] = [statsProjector, revenueProjector];
