/**
 * What a web page says about itself for link cards: the OpenGraph tags (ogp.me) with the
 * Twitter card and the plain <title> / description as fallbacks. Read from the page's head
 * by a scanner that reads each character once (head-scanner.ts): pages in the wild have
 * unquoted, reordered and oddly cased attributes, and some are made to be slow to read.
 */
import { HeadScanner } from './head-scanner.ts';

export interface PageMeta {
  title: string | null;
  description: string | null;
  /** As written on the page: possibly relative to it. */
  image: string | null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '';
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return codePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const tidy = (text: string | undefined) => {
  const clean = text === undefined ? '' : decodeEntities(text).replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
};

/** The <meta> names a card reads, each field's in the order of preference. */
const CARD_NAMES = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'],
};

/** A reader of a page's head for its card, to be fed the page (whole or in pieces). */
export const cardScanner = () => new HeadScanner(new Set(Object.values(CARD_NAMES).flat()));

/**
 * The card as the head a scanner read gives it. The scanner kept bytes (one per character):
 * `decode` makes them text in the page's charset, before entities are read.
 */
export function pageMetaOf(scanner: HeadScanner, decode: (raw: string) => string): PageMeta {
  const read = (raw: string | null | undefined) => tidy(raw == null ? undefined : decode(raw));
  const first = (names: string[]) => {
    for (const name of names) {
      const value = read(scanner.contents.get(name));
      if (value) return value;
    }
    return null;
  };
  return {
    title: first(CARD_NAMES.title) ?? read(scanner.title),
    description: first(CARD_NAMES.description),
    image: first(CARD_NAMES.image),
  };
}

const fromUtf8 = (raw: string) => Buffer.from(raw, 'latin1').toString('utf8');

/** Reads the head of an HTML document (the text after </head> is ignored). */
export function readPageMeta(html: string): PageMeta {
  const scanner = cardScanner();
  scanner.write(Buffer.from(html, 'utf8'));
  return pageMetaOf(scanner, fromUtf8);
}
