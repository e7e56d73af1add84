import type { Projector } from '../../projector.ts';
import { suspensionsProjector } from './suspensions.projector.ts';

export const suspensionsProjectors: Projector[] = [suspensionsProjector];
