import { configDefaults } from '@vip/contracts/plain';

const { min, max } = configDefaults.autoPingHours;

/** Spec §9: the bots' slash commands, as the landing page lists them. */
export const keyBotCommands = [
  { name: '/auto ping', text: `Ping a role in a channel every ${min} to ${max} hours, automatically.` },
  { name: '/auto stop', text: 'Stop the automatic ping in this server.' },
  { name: '/send', args: 'button_url, channel', text: 'Post the key-generation embed with its button in a channel.' },
  { name: '/setlog', text: 'Choose the channel where key redemptions are logged.' },
  { name: '/stats', text: 'Show keys generated and redeemed for this server.' },
  { name: '/help', text: 'List every command with a short explanation.' },
] as const;

export const posterBotCommands = [
  { name: '/postvideo', text: 'Post a video with a title and a link button to a channel.' },
  { name: '/videos', text: 'Browse the videos you have posted and post one again.' },
] as const;
