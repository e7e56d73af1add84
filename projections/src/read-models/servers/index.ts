import type { Projector } from '../../projector.ts';

export const serversProjectors: Projector[] = [];
