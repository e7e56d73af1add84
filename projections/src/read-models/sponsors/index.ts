import type { Projector } from '../../projector.ts';
import { serverSponsorsProjector } from './server-sponsors.projector.ts';

export const sponsorsProjectors: Projector[] = [serverSponsorsProjector];
