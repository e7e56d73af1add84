import { isDiscordId } from '../discord-id.ts';
import { type KeyEntryKind, personalStreams, personInStreamId } from './personal-data.ts';

/**
 * Logs written before personal data was encrypted hold it in clear: in the fields of
 * `personalFields` and in the names of the streams of `personalStreams`. The operator's rewrite
 * (`npm run audit -- rewrite-personal-data`) finds them with what is below, derived from those two
 * tables, so a person kind or a person's stream added to them is rewritten too.
 */

/**
 * What a person's id looks like, kind by kind. A person's stream whose person part does not look
 * like an id is already named by the store (a pseudonym), and is left as it is.
 */
export const personIdShapes: Readonly<Record<KeyEntryKind, (id: string) => boolean>> = {
  discord: isDiscordId,
  /** A panel user's account id: the product's own (a UUID, or an id an operator gave at the command line). */
  user: (id) => /^[\w.-]{1,64}$/.test(id),
  /** A username as its reservation was named: lowercase, 3 to 32 letters, digits, dots, dashes and underscores. */
  username: (id) => /^[a-z0-9_.-]{3,32}$/.test(id),
};

/** A stream named after a person in clear: the person, and how the stream is named with what the store puts in place of the id. */
export interface StreamNamedInClear {
  kind: KeyEntryKind;
  id: string;
  /** The stream's name with `part` (the person's pseudonym) in place of the id. */
  renamed(part: string): string;
  /**
   * The id looks like a pseudonym too (a name of a kind whose ids may be 16 letters, digits, `-`
   * and `_`): only the stream's events tell whether it was named in clear.
   */
  mayBePseudonym: boolean;
}

/** How a pseudonym looks: 12 random bytes in base64url (platform/src/privacy/personal-keys.ts). */
const PSEUDONYM = /^[A-Za-z0-9_-]{16}$/;

interface ClearStreamShape {
  pattern: RegExp;
  /** The group of `pattern` that holds the person's id. */
  personGroup: number;
  kind: KeyEntryKind;
}

/** A character no stream name holds: marks where each argument of a stream name goes. */
const MARK = '\u0000';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each name of `personalStreams`, as a pattern of its form in clear: the name is built with marks
 * for its arguments, the person's placeholder `{kind:<id>}` is taken out, and every argument
 * becomes a group (the last one runs to the end of the name, the others to the next match).
 */
function clearStreamShapes(): ClearStreamShape[] {
  return Object.values(personalStreams).map((name) => {
    const marks = Array.from({ length: name.length }, (_, i) => `${MARK}${i}${MARK}`);
    const named = personInStreamId((name as (...args: string[]) => string)(...marks));
    if (!named) throw new Error(`A person's stream names no person: ${name.toString()}`);
    const clear = `${named.before}${named.id}${named.after}`;
    const parts = clear.split(new RegExp(`${MARK}(\\d+)${MARK}`));
    let source = '^';
    let personGroup = 0;
    for (let i = 0, group = 0; i < parts.length; i++) {
      if (i % 2 === 0) source += escapeRegExp(parts[i]);
      else {
        group++;
        if (`${MARK}${parts[i]}${MARK}` === named.id) personGroup = group;
        source += i === parts.length - 2 ? '(.+)' : '(.+?)';
      }
    }
    return { pattern: new RegExp(`${source}$`, 'ds'), personGroup, kind: named.kind };
  });
}

/** Made at the first use: a bundle that never asks (the browser's) keeps none of it. */
let shapes: ClearStreamShape[] | undefined;

/** The person a stream is named after in clear (a log written before the encryption), or null. */
export function streamNamedInClear(streamId: string): StreamNamedInClear | null {
  shapes ??= clearStreamShapes();
  for (const { pattern, personGroup, kind } of shapes) {
    const match = pattern.exec(streamId);
    if (!match?.indices || !personIdShapes[kind](match[personGroup])) continue;
    const [from, to] = match.indices[personGroup]!;
    return {
      kind,
      id: match[personGroup],
      renamed: (part) => `${streamId.slice(0, from)}${part}${streamId.slice(to)}`,
      mayBePseudonym: PSEUDONYM.test(match[personGroup]),
    };
  }
  return null;
}

/**
 * Events that record the end of a person they name: a panel user's deletion names the account.
 * A rewrite writes such a person's fields found in clear under a key it throws away, as the
 * deletion destroyed theirs. (A Discord member's erasure names nobody: the rewrite finds it by
 * the trace it left in the member's streams.)
 */
export const personEndedBy: Readonly<Record<string, { kind: KeyEntryKind; field: string }>> = {
  UserDeleted: { kind: 'user', field: 'userId' },
};
