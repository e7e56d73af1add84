import { isDiscordId } from '../discord-id.ts';
import { type PersonKind, personalStreams, personInStreamId } from './personal-data.ts';

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
export const personIdShapes: Readonly<Record<PersonKind, (id: string) => boolean>> = {
  discord: isDiscordId,
};

/** A stream named after a person in clear: the person, and how the stream is named with what the store puts in place of the id. */
export interface StreamNamedInClear {
  kind: PersonKind;
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
  kind: PersonKind;
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
