import type { Projector } from '../../projector.ts';
import { serverAnalyticsProjector } from './server-analytics.projector.ts';

export const analyticsProjectors: Projector[] = [serverAnalyticsProjector];
