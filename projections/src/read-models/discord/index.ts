import type { Projector } from '../../projector.ts';
import { discordAccountsProjector } from './discord-accounts.projector.ts';

export const discordProjectors: Projector[] = [discordAccountsProjector];
