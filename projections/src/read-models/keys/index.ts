import type { Projector } from '../../projector.ts';
import { accessHashesProjector } from './access-hashes.projector.ts';
import { keyCountersProjector } from './key-counters.projector.ts';
import { keysProjector } from './keys.projector.ts';
import { visitorsProjector } from './visitors.projector.ts';

export const keysProjectors: Projector[] = [
  accessHashesProjector,
  keysProjector,
  keyCountersProjector,
  visitorsProjector,
];
