import type { Projector } from '../../projector.ts';

export const keysProjectors: Projector[] = [];
