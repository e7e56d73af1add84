/** The bytes a page's head is read by (head-scanner.ts), its bounds, and the names it knows. */

export const headLimits = {
  /** Bytes of a page read at most; what follows is not looked at. */
  headBytes: 1_000_000,
  /** A tag longer than this, from its "<" to its ">", is no card tag: its attributes are passed over. */
  tagBytes: 16_384,
  /** <meta> tags whose attributes are read; later ones are passed over (a page has a few dozen). */
  metaTags: 1_000,
  /** The <title> text kept; the card shows far less. */
  titleBytes: 4_096,
  /** A charset name is a few letters: a longer one is no charset. */
  charsetChars: 40,
} as const;

const TAB = 9;
const LINE_FEED = 10;
const FORM_FEED = 12;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
export const BANG = 33;
export const DOUBLE_QUOTE = 34;
export const SINGLE_QUOTE = 39;
export const DASH = 45;
export const SLASH = 47;
export const LESS_THAN = 60;
export const EQUALS = 61;
export const GREATER_THAN = 62;
export const QUESTION_MARK = 63;

export const isSpace = (c: number) =>
  c === SPACE || c === LINE_FEED || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
export const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Where a tag's or an attribute's name stops. */
export const endsName = (c: number) => isSpace(c) || c === SLASH || c === GREATER_THAN;

/** The attributes of a <meta> a card reads; any other is passed over and never kept. */
export const META_ATTRIBUTES = new Set(['property', 'name', 'content', 'charset']);
/** Longer than any tag or attribute name this reader knows ("textarea", "property"): the rest of a name is not kept. */
const NAME_CHARS = 9;
/** Elements whose text runs to their end tag, tags inside it being text. */
export const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea']);

/** The tags whose name matters to the reader of a head. */
const KNOWN_TAGS = ['meta', 'title', 'script', 'style', 'textarea', 'head', 'body'];

/** The known tag the bytes from `from` to `to` name, in any case; "" when none. */
export function knownTag(bytes: Buffer, from: number, to: number): string {
  for (const name of KNOWN_TAGS) {
    if (name.length !== to - from) continue;
    let at = 0;
    // `| 32` makes an ASCII capital small (and no other byte a small letter)
    while (at < name.length && (bytes[from + at] | 32) === name.charCodeAt(at)) at++;
    if (at === name.length) return name;
  }
  return '';
}

/** A name read so far, with the bytes from `from` to `to` in small letters (no more than a known name needs). */
export function nameWith(name: string, bytes: Buffer, from: number, to: number): string {
  let read = name;
  for (let at = from; at < to && read.length < NAME_CHARS; at++) {
    const c = bytes[at];
    read += String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c);
  }
  return read;
}

/** The charset a <meta> declares: `charset="…"`, or `content="text/html; charset=…"`. */
export function charsetOf(attributes: Map<string, string>): string | null {
  const charset = attributes.get('charset');
  const label =
    charset !== undefined
      ? /^\s*["']?([\w-]+)/.exec(charset)?.[1]
      : /charset\s*=\s*["']?([\w-]+)/i.exec(attributes.get('content') ?? '')?.[1];
  return label && label.length <= headLimits.charsetChars ? label : null;
}
