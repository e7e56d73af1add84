import { botLimits } from '@vip/contracts';

const at = (ms: number) => `<t:${Math.floor(ms / 1000)}:f> (<t:${Math.floor(ms / 1000)}:R>)`;

/** A repeat interval as members read it: "every 2 h", "every 1 d 12 h". */
export function everyText(minutes: number): string {
  const parts: string[] = [];
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) parts.push(`${days} d`);
  if (hours) parts.push(`${hours} h`);
  if (rest) parts.push(`${rest} min`);
  return `every ${parts.join(' ')}`;
}

/** Everything the poster bot says, in one place. */
export const posterTexts = {
  onlyInServers: 'This only works inside a server.',
  badUrl: 'The video link must be an http(s) address.',
  badAt:
    'I could not read `at`. Use `now`, a delay like `10m` or `2h`, a UTC time like `18:30`, or `2026-05-01 18:30` (UTC).',
  atInPast: 'That time has already passed.',
  badRepeat: 'I could not read `repeat`. Use a duration like `2h`, `1d` or `1w`.',
  repeatTooShort: `Posts can repeat every ${botLimits.minRepeatMinutes} minutes at the most often.`,
  repeatTooLong: `Posts must repeat at least every ${botLimits.maxRepeatMinutes / 1440} days.`,
  notTextChannel: 'Please pick a text channel I can post in.',
  cannotPostIn: (channelId: string) =>
    `I cannot post in <#${channelId}>: I need **View Channel** and **Send Messages** there.`,
  scheduled: (shortId: string, channelId: string, firstAt: number, repeatMinutes: number | null) =>
    `Scheduled \`${shortId}\` in <#${channelId}> for ${at(firstAt)}${repeatMinutes ? `, then ${everyText(repeatMinutes)}` : ''}. See \`/videos list\`.`,
  noPosts: 'No scheduled posts in this server.',
  listTitle: 'Scheduled posts',
  listLine: (shortId: string, url: string, channelId: string, next: number, repeatMinutes: number | null) =>
    `\`${shortId}\` ${url} in <#${channelId}>, next ${at(next)}${repeatMinutes ? `, ${everyText(repeatMinutes)}` : ''}`,
  unknownPost: (id: string) => `No scheduled post \`${id}\` in this server. See \`/videos list\`.`,
  ambiguousPost: (id: string) => `More than one post starts with \`${id}\`: type more of its id.`,
  cancelled: (shortId: string) => `Cancelled \`${shortId}\`.`,
  help: [
    '**Poster bot commands**',
    '`/postvideo url channel [at] [repeat]`: post a video link now or later, once or repeating',
    '`/videos list`: the scheduled posts of this server',
    '`/videos cancel id`: cancel one',
  ].join('\n'),
} as const;

export const shortIdOf = (postId: string) => postId.slice(0, 8);
