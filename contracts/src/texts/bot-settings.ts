import { configDefaults } from '../config-defaults.ts';

/** Limits of the bots' schedules; the bots and the command service check the same numbers. */
export const botLimits = {
  autoPingHours: configDefaults.autoPingHours,
  /** A repeating video post comes back at most this often. */
  minRepeatMinutes: 60,
  maxRepeatMinutes: 60 * 24 * 30,
  /** How far ahead a video post may be scheduled. */
  maxScheduleDays: 366,
  /** A video post's embed: Discord's own limit for the title, a short excerpt of the page's description. */
  videoTitleChars: 256,
  videoDescriptionChars: 300,
  videoImageUrlChars: 2048,
} as const;

const posterPlan = configDefaults.posterPlan;

/** What the command service answers the bots when a setting or schedule is refused. */
export const botSettingsTexts = {
  botNotInServer: 'Bot not in server',
  badDiscordId: 'Must be a Discord id',
  autoPingHours: `The interval must be between ${botLimits.autoPingHours.min} and ${botLimits.autoPingHours.max} hours`,
  badUrl: 'The link must be an http(s) address',
  repeatTooShort: `The repeat interval must be at least ${botLimits.minRepeatMinutes} minutes`,
  repeatTooLong: `The repeat interval must be at most ${botLimits.maxRepeatMinutes / 60 / 24} days`,
  timeInPast: 'The time must not be in the past',
  timeTooFar: `Posts can be scheduled at most ${botLimits.maxScheduleDays} days ahead`,
  badTime: 'The time must be an ISO 8601 date and time',
  unknownPost: 'This scheduled post does not exist',
  postExists: 'This post is already scheduled',
  badTitle: `The title must be 1 to ${botLimits.videoTitleChars} characters`,
  badDescription: `The description must be at most ${botLimits.videoDescriptionChars} characters`,
  badImageUrl: 'The image must be an http(s) address',
  // the poster bot works for servers on its plan (spec §9), counted per owner
  posterNoPlan: `The poster bot works in servers on the ${posterPlan.name} plan: add this server to a ${posterPlan.name} plan account in the panel first.`,
  posterUnverifiedOwner: `This server's owner has not yet proved in the panel that they manage it: the poster bot posts here once they do.`,
  posterOtherPlan: `This server's plan does not include the poster bot: it comes with the ${posterPlan.name} plan.`,
  posterPlanEnded: `The ${posterPlan.name} plan of this server has ended: renewing it lets the poster bot post here again.`,
  posterServerLimit: (servers: number) =>
    `The ${posterPlan.name} plan covers the poster bot in up to ${servers} servers, and this server is not one of the first ${servers} in its owner's panel.`,
} as const;
