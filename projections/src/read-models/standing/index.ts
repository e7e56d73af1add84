import type { Projector } from '../../projector.ts';
import { serverAnalyticsProjector } from './server-analytics.projector.ts';
import { suspensionsProjector } from './suspensions.projector.ts';
import { verificationMessagesProjector } from './verification-messages.projector.ts';

export const standingProjectors: Projector[] = [
  suspensionsProjector,
  verificationMessagesProjector,
  serverAnalyticsProjector,
];
