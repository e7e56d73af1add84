import type { Projector } from '../../projector.ts';
import { whitelistProjector } from './whitelist.projector.ts';

export const whitelistProjectors: Projector[] = [whitelistProjector];
