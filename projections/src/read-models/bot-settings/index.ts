import type { Projector } from '../../projector.ts';
import { botSettingsProjector } from './bot-settings.projector.ts';
import { videoPostsProjector } from './video-posts.projector.ts';

export const botSettingsProjectors: Projector[] = [botSettingsProjector, videoPostsProjector];
