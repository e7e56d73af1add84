import type { Projector } from '../../projector.ts';
import { subscriptionsProjector } from './subscriptions.projector.ts';

export const subscriptionsProjectors: Projector[] = [subscriptionsProjector];
