import type { SlashCommand } from '../../shared/slash-command.ts';
import type { PosterBotContext } from '../poster-bot-context.ts';
import { postVideoCommand } from './postvideo.ts';
import { videosCommand } from './videos.ts';

/** Every slash command of the poster bot (registered by `npm run bots:register`). */
export const posterBotCommands: readonly SlashCommand<PosterBotContext>[] = [postVideoCommand, videosCommand];
