import type { Projector } from '../../projector.ts';
import { auditProjector } from './audit.projector.ts';

export const auditProjectors: Projector[] = [auditProjector];
