import type { Actor } from './metadata.ts';
import { erasedPerson } from './personal-data.ts';

/**
 * The words the audit sentences are made of: how an id, a digest, a time or an actor reads
 * in one line. Names (servers, usernames) come from the read models when the trail is read;
 * the sentence falls back to a shortened id when none is known.
 */
export interface SentenceNames {
  /** The server's name as the key bot last reported it. */
  server(guildId: string): string | undefined;
  /** A panel user's username. */
  user(userId: string): string | undefined;
}

export interface SentenceContext {
  actor: Actor;
  /** When the log recorded the event (ISO 8601). */
  time: string;
  names: SentenceNames;
}

/** A long id as people compare them: its first four and last two characters ("6300…21"). */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 4)}…${id.slice(-2)}` : id;
}

/** A digest by its first four characters ("4515…"): enough to tell keys apart in one screen. */
export function shortDigest(digest: string): string {
  return digest.length > 4 ? `${digest.slice(0, 4)}…` : digest;
}

export const serverName = (guildId: string | null | undefined, context: SentenceContext): string =>
  guildId ? (context.names.server(guildId) ?? `server ${shortId(guildId)}`) : 'no server';

export const userName = (userId: string, context: SentenceContext): string =>
  context.names.user(userId) ?? `user ${shortId(userId)}`;

export const member = (discordUserId: string): string =>
  discordUserId === erasedPerson ? 'an erased member' : `member ${shortId(discordUserId)}`;

export const key = (keyDigest: string): string => `key ${shortDigest(keyDigest)}`;

/** Who caused the event, as the subject of a sentence. */
export function actorName(context: SentenceContext): string {
  const { actor } = context;
  switch (actor.kind) {
    case 'visitor':
      return 'a visitor';
    case 'bot':
      return actor.id.includes('poster') ? 'the poster bot' : 'the key bot';
    case 'system':
      return 'the product';
    default:
      return userName(actor.id, context);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The form every time in an event has: read by slicing, without a Date (an export words 100,000 of them). */
const UTC_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

function partsOf(iso: string): { year: string; month: number; day: number; time: string } | null {
  const match = UTC_ISO.exec(iso);
  if (match && iso.endsWith('Z'))
    return { year: match[1], month: Number(match[2]), day: Number(match[3]), time: `${match[4]}:${match[5]}` };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return {
    year: String(at.getUTCFullYear()),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
  };
}

/**
 * A moment in UTC: "14:05 UTC" when it falls on the event's own day, "2 Jan 14:05 UTC" on
 * another day of the event's year, with the year otherwise.
 */
export function clock(iso: string, context: SentenceContext): string {
  const at = partsOf(iso);
  if (!at) return iso;
  const of = partsOf(context.time);
  const time = `${at.time} UTC`;
  if (of && at.year === of.year && at.month === of.month && at.day === of.day) return time;
  const day = `${at.day} ${MONTHS[at.month - 1]}`;
  return of && at.year === of.year ? `${day} ${time}` : `${day} ${at.year} ${time}`;
}

/** A day: "2 Jan 2026". */
export function day(iso: string): string {
  const at = partsOf(iso);
  return at ? `${at.day} ${MONTHS[at.month - 1]} ${at.year}` : iso;
}

/** A whole number with thousands separators ("12,345"), without Intl: cheap enough for every event of an export. */
export const count = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const quoted = (text: string, max = 60): string =>
  `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;

export const plural = (value: number, one: string, many = `${one}s`): string =>
  `${count(value)} ${value === 1 ? one : many}`;
