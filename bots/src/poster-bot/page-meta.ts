/**
 * What a web page says about itself for link cards: the OpenGraph tags (ogp.me) with the
 * Twitter card and the plain <title> / description as fallbacks. Read from the page's head
 * with a small tolerant scanner: pages in the wild have unquoted, reordered and oddly cased
 * attributes, and nothing here needs a full HTML parser.
 */
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

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted, bare] of tag.matchAll(
    /([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g,
  )) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return attributes;
}

/** Reads the head of an HTML document (the text after </head> is ignored). */
export function readPageMeta(html: string): PageMeta {
  const headEnd = html.search(/<\/head\s*>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const tags = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const key = (attributes.get('property') ?? attributes.get('name'))?.trim().toLowerCase();
    const content = attributes.get('content');
    // the first of a repeated tag wins, as link-card readers do (og:image may list several)
    if (key && content !== undefined && !tags.has(key)) tags.set(key, content);
  }
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = tidy(tags.get(key));
      if (value) return value;
    }
    return null;
  };
  const titleElement = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  return {
    title: first('og:title', 'twitter:title') ?? tidy(titleElement),
    description: first('og:description', 'twitter:description', 'description'),
    image: first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
  };
}
