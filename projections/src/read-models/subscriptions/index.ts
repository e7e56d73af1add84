import type { Projector } from '../../projector.ts';

export const subscriptionsProjectors: Projector[] = [];
