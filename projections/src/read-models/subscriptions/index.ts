import type { Projector } from '../../projector.ts';
import { subscriptionsProjector } from './subscriptions.projector.ts';
import { whitelistProjector } from './whitelist.projector.ts';

export const subscriptionsProjectors: Projector[] = [subscriptionsProjector, whitelistProjector];
