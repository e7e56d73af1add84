import type { Projector } from '../../projector.ts';
import { verificationMessagesProjector } from './verification-messages.projector.ts';

export const verificationMessageProjectors: Projector[] = [verificationMessagesProjector];
