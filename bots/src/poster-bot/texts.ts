import { botLimits } from '@vip/contracts';
import type { PreviewFailure } from './page-preview.ts';

const at = (ms: number) => `<t:${Math.floor(ms / 1000)}:f> (<t:${Math.floor(ms / 1000)}:R>)`;
const ago = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

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

/** Why a page gave no embed, after "I could not read the page". */
const previewFailureText = (reason: PreviewFailure): string => {
  switch (reason) {
    case 'timed out':
      return 'it took too long to answer';
    case 'too large':
      return 'it is too large';
    case 'not a web page':
      return 'the link is not a web page';
    case 'private address':
      return 'the link leads to a private network address';
    case 'too many redirects':
      return 'it redirects too many times';
    case 'unreachable':
      return 'it could not be reached';
    default:
      return `it ${reason}`;
  }
};

/** Everything the poster bot says, in one place. */
export const posterTexts = {
  onlyInServers: 'This only works inside a server.',
  badUrl: 'The video link must be an http(s) address.',
  badWhen:
    'I could not read `when`. Use `now`, a delay like `10m` or `2h`, a UTC time like `18:30`, or `2026-05-01 18:30` (UTC).',
  whenInPast: 'That time has already passed.',
  badRepeat: 'I could not read `repeat`. Use a duration like `2h`, `1d` or `1w`.',
  repeatTooShort: `Posts can repeat every ${botLimits.minRepeatMinutes} minutes at the most often.`,
  repeatTooLong: `Posts must repeat at least every ${botLimits.maxRepeatMinutes / 1440} days.`,
  notTextChannel: 'Please pick a text channel I can post in.',
  cannotPostIn: (channelId: string) =>
    `I cannot post in <#${channelId}>: I need **View Channel**, **Send Messages** and **Embed Links** there.`,
  scheduled: (shortId: string, channelId: string, firstAt: number, repeatMinutes: number | null) =>
    `Scheduled \`${shortId}\` in <#${channelId}> for ${at(firstAt)}${repeatMinutes ? `, then ${everyText(repeatMinutes)}` : ''}. See \`/videos list\`.`,
  showsEmbed: (title: string, withPicture: boolean) =>
    `It shows **${title}**${withPicture ? ' with its picture' : ''} and a Watch button.`,
  showsBareLink: (reason: PreviewFailure | 'no title') =>
    reason === 'no title'
      ? 'The page has no title, so the post is the bare link.'
      : `I could not read the page (${previewFailureText(reason)}), so the post is the bare link.`,
  // the library (/videos list) and its buttons
  noPosts: 'No videos posted or scheduled in this server yet. Post one with `/postvideo`.',
  libraryTitle: 'Video library',
  libraryFooter: (page: number, pages: number, count: number) =>
    `Page ${page} of ${pages} · ${count} video${count === 1 ? '' : 's'}`,
  libraryStatus: (post: {
    cancelled: boolean;
    next: number | null;
    lastPostedAt: number | null;
    timesPosted: number;
    repeatMinutes: number | null;
    repost: boolean;
  }) => {
    const parts: string[] = [];
    if (post.lastPostedAt !== null)
      parts.push(`posted ${ago(post.lastPostedAt)}${post.timesPosted > 1 ? ` (${post.timesPosted} times)` : ''}`);
    if (post.cancelled) parts.push('cancelled');
    else if (post.next !== null)
      parts.push(`${post.lastPostedAt === null ? 'scheduled for' : 'next'} ${at(post.next)}`);
    if (post.repeatMinutes && !post.cancelled) parts.push(everyText(post.repeatMinutes));
    if (post.repost) parts.push('re-post');
    return parts.join(' · ');
  },
  repostButton: (number: number) => `Re-post ${number}`,
  cancelButton: (number: number) => `Cancel ${number}`,
  newerButton: '◀ Newer',
  olderButton: 'Older ▶',
  reposting: (shortId: string, channelId: string) => `Re-posting as \`${shortId}\` in <#${channelId}> now.`,
  needsManageServer: 'Only members with **Manage Server** can change the video library.',
  unknownPost: (id: string) => `No scheduled post \`${id}\` in this server. See \`/videos list\`.`,
  ambiguousPost: (id: string) => `More than one post starts with \`${id}\`: type more of its id.`,
  cancelled: (shortId: string) => `Cancelled \`${shortId}\`.`,
  help: [
    '**Poster bot commands**',
    '`/postvideo url [title] [channel] [when] [repeat]`: post a video with its title, picture and a Watch button, now or later, once or repeating',
    '`/videos list`: the videos posted and scheduled in this server, with Re-post and Cancel buttons',
    '`/videos cancel id`: cancel a scheduled or repeating post',
  ].join('\n'),
} as const;

export const shortIdOf = (postId: string) => postId.slice(0, 8);
