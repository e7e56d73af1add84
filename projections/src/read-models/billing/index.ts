import type { Projector } from '../../projector.ts';
import { billingAttentionProjector } from './billing-attention.projector.ts';
import { revenueProjector } from './revenue.projector.ts';

export const billingProjectors: Projector[] = [revenueProjector, billingAttentionProjector];
