import type { SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { autoCommand } from './auto.ts';
import { helpCommand } from './help.ts';
import { linkCommand } from './link.ts';
import { sendCommand } from './send.ts';
import { setLogCommand } from './setlog.ts';
import { setRoleCommand } from './setrole.ts';
import { statsCommand } from './stats.ts';
import { vipCommand } from './vip.ts';

/** Every slash command of the key bot (registered by `npm run bots:register`). */
export const keyBotCommands: readonly SlashCommand<KeyBotContext>[] = [
  sendCommand,
  setRoleCommand,
  setLogCommand,
  autoCommand,
  statsCommand,
  vipCommand,
  linkCommand,
  helpCommand,
];
