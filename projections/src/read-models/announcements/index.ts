import type { Projector } from '../../projector.ts';
import { announcementsProjector } from './announcements.projector.ts';

export const announcementsProjectors: Projector[] = [announcementsProjector];
