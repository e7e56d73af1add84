import type { Projector } from '../../projector.ts';

export const statsProjectors: Projector[] = [];
