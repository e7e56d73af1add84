/**
 * Reads the head of an HTML page the way the HTML standard's tokenizer does (tags, attributes
 * quoted, single-quoted or bare, comments, the text of <script>, <style> and <title>), keeping
 * only what a link card needs: the first <title>, the charset a <meta> declares, and the content
 * of the first <meta> of each name asked for. Each byte is looked at once and never again, so
 * the time grows with the length of the head and nothing else, whatever the page holds; and it
 * is fed the page in pieces as they arrive, so no single step is longer than one piece.
 * (Regular expressions over the whole head did not hold that: a crafted head of a few hundred
 * kilobytes kept the process busy for seconds, a megabyte for minutes.)
 *
 * It reads bytes, not text: the markup of a head is ASCII in every charset a page may name in a
 * <meta> (that is how a browser finds that charset), so the tags are read before the charset is
 * known. What it keeps is each kept byte as one character (latin1); the caller decodes it.
 */
import {
  BANG,
  charsetOf,
  DASH,
  DOUBLE_QUOTE,
  EQUALS,
  endsName,
  GREATER_THAN,
  headLimits,
  isLetter,
  isSpace,
  knownTag,
  LESS_THAN,
  META_ATTRIBUTES,
  nameWith,
  QUESTION_MARK,
  SINGLE_QUOTE,
  SLASH,
  TEXT_ELEMENTS,
} from './head-bytes.ts';
import { CommentText, ElementText } from './head-text.ts';

// where the tokenizer is (the HTML standard's states, those a head needs)
const IN_DATA = 0;
const IN_TAG_OPEN = 1;
const IN_END_TAG_OPEN = 2;
const IN_TAG_NAME = 3;
const BEFORE_NAME = 4;
const IN_NAME = 5;
const AFTER_NAME = 6;
const BEFORE_VALUE = 7;
const IN_DOUBLE_QUOTED = 8;
const IN_SINGLE_QUOTED = 9;
const IN_BARE_VALUE = 10;
const AFTER_VALUE = 11;
const IN_SELF_CLOSING = 12;
const AFTER_BANG = 13;
const AFTER_BANG_DASH = 14;
const IN_COMMENT = 15;
const IN_BOGUS_COMMENT = 16;
const IN_TEXT = 17;

export class HeadScanner {
  /** The bytes of the first <title>, as written (entities and spacing untouched); null: none, or never closed. */
  title: string | null = null;
  /** The charset the first <meta> that declares one names. */
  charset: string | null = null;
  /** `content` of the first <meta property|name=key> for each key asked for (keys in lower case). */
  readonly contents = new Map<string, string>();
  /** The head ended (</head>, or <body>): what follows is ignored. */
  ended = false;

  private mode = IN_DATA;
  /** Bytes fed so far, and where the piece being read starts among them. */
  private seen = 0;
  private base = 0;
  // the tag being read
  private tag = '';
  private closing = false;
  private tagStart = 0;
  /** The tag is one of the first <meta> tags, within its bound: its attributes are read. */
  private reading = false;
  private metaTags = 0;
  private readonly attributes = new Map<string, string>();
  private attribute: string | null = null;
  private value = '';
  /** The value being read is one of a <meta>'s that a card reads. */
  private keeping = false;
  private readonly comment = new CommentText();
  private readonly elementText = new ElementText();

  constructor(private readonly keys: ReadonlySet<string>) {}

  write(piece: Buffer): void {
    // past its bound, a head is not read further (the fetch calls it too large)
    const room = headLimits.headBytes - this.seen;
    if (this.ended || room <= 0) return;
    const bytes = piece.length > room ? piece.subarray(0, room) : piece;
    this.base = this.seen;
    this.seen += bytes.length;
    this.scan(bytes);
  }

  private scan(bytes: Buffer): void {
    const end = bytes.length;
    let at = 0;
    while (at < end && !this.ended) {
      if (!this.reading && this.mode >= BEFORE_NAME && this.mode <= IN_SELF_CLOSING) {
        at = this.passOver(bytes, at);
        continue;
      }
      const c = bytes[at];
      switch (this.mode) {
        case IN_DATA: {
          const open = bytes.indexOf(LESS_THAN, at);
          if (open < 0) return;
          this.mode = IN_TAG_OPEN;
          at = open + 1;
          break;
        }
        case IN_TAG_OPEN:
          if (isLetter(c)) {
            this.startTag(false, at);
            break;
          }
          this.mode =
            c === BANG ? AFTER_BANG : c === SLASH ? IN_END_TAG_OPEN : c === QUESTION_MARK ? IN_BOGUS_COMMENT : IN_DATA;
          // a "<" that opens nothing is text: the character after it is read again as text
          if (this.mode !== IN_DATA) at++;
          break;
        case IN_END_TAG_OPEN:
          if (isLetter(c)) {
            this.startTag(true, at);
            break;
          }
          this.mode = c === GREATER_THAN ? IN_DATA : IN_BOGUS_COMMENT;
          at++;
          break;
        case IN_TAG_NAME: {
          const stop = this.runOfName(bytes, at, false);
          // a name within the piece is matched on its bytes; one cut between pieces is put together
          this.tag = stop < end && this.tag === '' ? knownTag(bytes, at, stop) : nameWith(this.tag, bytes, at, stop);
          at = stop;
          if (at === end) break;
          this.startAttributes();
          if (bytes[at] === GREATER_THAN) this.endTag(at);
          else this.mode = bytes[at] === SLASH ? IN_SELF_CLOSING : BEFORE_NAME;
          at++;
          break;
        }
        case BEFORE_NAME:
          if (isSpace(c)) at++;
          else if (c === SLASH || c === GREATER_THAN) this.mode = AFTER_NAME;
          else {
            // past its bound, a tag's attributes are passed over
            if (this.reading && this.base + at - this.tagStart >= headLimits.tagBytes) this.stopReading();
            this.attribute = '';
            this.value = '';
            this.mode = IN_NAME;
            // an "=" here starts the name rather than a value
            if (c === EQUALS) {
              this.attribute = '=';
              at++;
            }
          }
          break;
        case IN_NAME: {
          const stop = this.runOfName(bytes, at, true);
          // the names of other tags' attributes are never needed: not even read
          if (this.reading) this.attribute = nameWith(this.attribute ?? '', bytes, at, stop);
          at = stop;
          if (at === end) break;
          if (bytes[at] === EQUALS) {
            this.startValue();
            at++;
          } else this.mode = AFTER_NAME;
          break;
        }
        case AFTER_NAME:
          if (isSpace(c)) at++;
          else if (c === EQUALS && this.attribute !== null) {
            this.startValue();
            at++;
          } else {
            this.endAttribute();
            if (c === SLASH) this.mode = IN_SELF_CLOSING;
            else if (c === GREATER_THAN) this.endTag(at);
            else {
              this.mode = BEFORE_NAME;
              break;
            }
            at++;
          }
          break;
        case BEFORE_VALUE:
          if (isSpace(c)) at++;
          else if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
            this.mode = c === DOUBLE_QUOTE ? IN_DOUBLE_QUOTED : IN_SINGLE_QUOTED;
            at++;
          } else if (c === GREATER_THAN) {
            this.endAttribute();
            this.endTag(at);
            at++;
          } else this.mode = IN_BARE_VALUE;
          break;
        case IN_DOUBLE_QUOTED:
        case IN_SINGLE_QUOTED: {
          const close = bytes.indexOf(this.mode === IN_DOUBLE_QUOTED ? DOUBLE_QUOTE : SINGLE_QUOTE, at);
          this.keepValue(bytes, at, close < 0 ? end : close);
          if (close < 0) return;
          this.endAttribute();
          this.mode = AFTER_VALUE;
          at = close + 1;
          break;
        }
        case IN_BARE_VALUE: {
          let stop = at;
          while (stop < end && !isSpace(bytes[stop]) && bytes[stop] !== GREATER_THAN) stop++;
          this.keepValue(bytes, at, stop);
          at = stop;
          if (at === end) break;
          this.endAttribute();
          if (bytes[at] === GREATER_THAN) this.endTag(at);
          else this.mode = BEFORE_NAME;
          at++;
          break;
        }
        case AFTER_VALUE:
        case IN_SELF_CLOSING:
          if (c === GREATER_THAN) this.endTag(at);
          else if (isSpace(c) && this.mode === AFTER_VALUE) this.mode = BEFORE_NAME;
          else if (c === SLASH && this.mode === AFTER_VALUE) this.mode = IN_SELF_CLOSING;
          else {
            this.mode = BEFORE_NAME;
            break;
          }
          at++;
          break;
        case AFTER_BANG:
        case AFTER_BANG_DASH:
          if (c !== DASH) this.mode = IN_BOGUS_COMMENT;
          else {
            this.mode = this.mode === AFTER_BANG ? AFTER_BANG_DASH : IN_COMMENT;
            if (this.mode === IN_COMMENT) this.comment.start();
            at++;
          }
          break;
        case IN_COMMENT:
          at = this.comment.read(bytes, at);
          if (this.comment.ended) this.mode = IN_DATA;
          break;
        case IN_BOGUS_COMMENT: {
          const close = bytes.indexOf(GREATER_THAN, at);
          if (close < 0) return;
          this.mode = IN_DATA;
          at = close + 1;
          break;
        }
        case IN_TEXT: {
          const text = this.elementText;
          at = text.read(bytes, at);
          if (!text.ended) break;
          if (text.text !== null) this.title = text.text;
          // the end tag's name is read: its ">" (or its attributes) follow
          this.mode = IN_TAG_NAME;
          this.tag = text.name;
          this.closing = true;
          this.tagStart = this.base + at;
          break;
        }
      }
    }
  }

  /**
   * The attributes of a tag that are not read (not a <meta>, or past a bound): the same steps
   * to find its end, without keeping anything. Returns where reading goes on.
   */
  private passOver(bytes: Buffer, from: number): number {
    const end = bytes.length;
    let mode = this.mode;
    let at = from;
    for (; at < end; at++) {
      if (mode === IN_DOUBLE_QUOTED || mode === IN_SINGLE_QUOTED) {
        const close = bytes.indexOf(mode === IN_DOUBLE_QUOTED ? DOUBLE_QUOTE : SINGLE_QUOTE, at);
        if (close < 0) {
          at = end;
          break;
        }
        at = close;
        mode = AFTER_VALUE;
        continue;
      }
      const c = bytes[at];
      if (c === GREATER_THAN) {
        this.attribute = null;
        this.endTag(at);
        return at + 1;
      }
      const space = isSpace(c);
      if (mode === BEFORE_VALUE) {
        if (!space)
          mode = c === DOUBLE_QUOTE ? IN_DOUBLE_QUOTED : c === SINGLE_QUOTE ? IN_SINGLE_QUOTED : IN_BARE_VALUE;
      } else if (mode === IN_BARE_VALUE) {
        if (space) mode = BEFORE_NAME;
      } else if (mode === IN_NAME || mode === AFTER_NAME) {
        if (space) mode = AFTER_NAME;
        else if (c === SLASH) mode = IN_SELF_CLOSING;
        else if (c === EQUALS) mode = BEFORE_VALUE;
        else mode = IN_NAME;
      } else mode = space ? BEFORE_NAME : c === SLASH ? IN_SELF_CLOSING : IN_NAME;
    }
    this.mode = mode;
    return at;
  }

  /** Where a name that starts at `from` stops in this piece (an attribute's at "=" too). */
  private runOfName(bytes: Buffer, from: number, attribute: boolean): number {
    let at = from;
    while (at < bytes.length && !endsName(bytes[at]) && !(attribute && bytes[at] === EQUALS)) at++;
    return at;
  }

  /** The first letter of a tag's name, at `at`. */
  private startTag(closing: boolean, at: number): void {
    this.mode = IN_TAG_NAME;
    this.tag = '';
    this.closing = closing;
    this.tagStart = this.base + at;
    this.reading = false;
    this.attribute = null;
  }

  /** The tag's name is read: its attributes are read only if it is one of the first <meta> tags. */
  private startAttributes(): void {
    if (this.closing || this.tag !== 'meta' || this.metaTags >= headLimits.metaTags) return;
    this.metaTags++;
    this.reading = true;
  }

  private stopReading(): void {
    this.reading = false;
    this.attributes.clear();
  }

  private startValue(): void {
    const name = this.attribute ?? '';
    this.keeping = this.reading && META_ATTRIBUTES.has(name) && !this.attributes.has(name);
    this.mode = BEFORE_VALUE;
  }

  private keepValue(bytes: Buffer, from: number, to: number): void {
    if (!this.keeping) return;
    const room = headLimits.tagBytes - this.value.length;
    if (room > 0) this.value += bytes.toString('latin1', from, Math.min(to, from + room));
  }

  private endAttribute(): void {
    const name = this.attribute;
    // the first of a repeated attribute counts, as in a browser
    if (this.reading && name !== null && META_ATTRIBUTES.has(name) && !this.attributes.has(name))
      this.attributes.set(name, this.value);
    this.attribute = null;
    this.value = '';
    this.keeping = false;
  }

  /** The ">" of a tag, at `at` in the piece being read. */
  private endTag(at: number): void {
    this.mode = IN_DATA;
    const name = this.tag;
    if (this.closing) {
      if (name === 'head') this.ended = true;
      return;
    }
    // a page that never closes its head: its body ends it all the same
    if (name === 'body') this.ended = true;
    else if (TEXT_ELEMENTS.has(name)) {
      this.mode = IN_TEXT;
      this.elementText.start(name, name === 'title' && this.title === null);
    } else if (this.reading && this.base + at - this.tagStart < headLimits.tagBytes) this.readMeta();
    if (this.reading) this.stopReading();
  }

  private readMeta(): void {
    const key = (this.attributes.get('property') ?? this.attributes.get('name'))?.trim().toLowerCase();
    const content = this.attributes.get('content');
    // the first of a repeated tag wins, as link-card readers do (og:image may list several)
    if (key && content !== undefined && this.keys.has(key) && !this.contents.has(key)) this.contents.set(key, content);
    this.charset ??= charsetOf(this.attributes);
  }
}
