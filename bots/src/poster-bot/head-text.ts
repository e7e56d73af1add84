import { DASH, endsName, GREATER_THAN, headLimits, LESS_THAN } from './head-bytes.ts';

/** A comment's text, up to its "-->", read in pieces. */
export class CommentText {
  /** The "-->" was read. */
  ended = false;
  /** How many dashes came just before the piece. */
  private dashes = 0;

  /** A comment starts: "<!-->" and "<!--->" end at once, as in a browser, the opening's dashes counting. */
  start(): void {
    this.ended = false;
    this.dashes = 2;
  }

  /** Reads from `from`; returns where reading goes on (after the "-->", or the piece's end). */
  read(bytes: Buffer, from: number): number {
    let at = from;
    while (at < bytes.length) {
      const close = bytes.indexOf(GREATER_THAN, at);
      const stop = close < 0 ? bytes.length : close;
      // the dashes just before `stop`, those before this piece included
      let dashes = 0;
      while (dashes < 2 && stop - dashes > at && bytes[stop - dashes - 1] === DASH) dashes++;
      if (stop - dashes === at) dashes = Math.min(2, dashes + this.dashes);
      if (close < 0) {
        this.dashes = dashes;
        return stop;
      }
      this.dashes = 0;
      if (dashes === 2) {
        this.ended = true;
        return close + 1;
      }
      at = close + 1;
    }
    return at;
  }
}

/**
 * The text of a <script>, <style> or <title>, read in pieces up to its end tag (tags inside it
 * are text); the first <title>'s is kept, up to its bound.
 */
export class ElementText {
  /** The end tag's name was read, and what follows it ends it (its ">", a space, a "/"). */
  ended = false;
  /** The element's name. */
  name = '';
  /** The text read, when it is kept; null otherwise. */
  text: string | null = null;
  private endTag = '';
  /** How much of the end tag ("</title") was seen, at the end of the last piece. */
  private endSeen = 0;

  start(name: string, keep: boolean): void {
    this.ended = false;
    this.name = name;
    this.text = keep ? '' : null;
    this.endTag = `</${name}`;
    this.endSeen = 0;
  }

  /** Reads from `from`; returns where reading goes on (the character after the end tag's name, or the piece's end). */
  read(bytes: Buffer, from: number): number {
    const end = bytes.length;
    const endTag = this.endTag;
    let at = from;
    while (at < end) {
      if (this.endSeen === 0) {
        const open = bytes.indexOf(LESS_THAN, at);
        if (this.text !== null && this.text.length < headLimits.titleBytes)
          this.keep(bytes.toString('latin1', at, open < 0 ? end : open));
        if (open < 0) return end;
        at = open + 1;
        this.endSeen = 1;
        continue;
      }
      const c = bytes[at];
      if (this.endSeen < endTag.length) {
        // `| 32` makes an ASCII capital small; the end tag is "</" and small letters
        if ((c | 32) === endTag.charCodeAt(this.endSeen)) {
          this.endSeen++;
          at++;
          continue;
        }
      } else if (endsName(c)) {
        this.ended = true;
        return at;
      }
      // not the end tag after all: what looked like it is text
      if (this.text !== null) this.keep(endTag.slice(0, this.endSeen));
      this.endSeen = 0;
    }
    return end;
  }

  private keep(piece: string): void {
    if (this.text === null || this.text.length >= headLimits.titleBytes) return;
    this.text += piece.slice(0, headLimits.titleBytes - this.text.length);
  }
}
