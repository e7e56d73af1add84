import type { ReactNode } from 'react';

/**
 * The little markdown announcements are written in, as React elements: **bold**, *italics*
 * (or _italics_), `code`, [links](https://…) and bare https:// addresses, paragraphs and line
 * breaks. Everything else stays text, which React escapes: no HTML of the author's ever
 * reaches the page, and a link only ever goes to an http(s) address.
 */
const INLINE = new RegExp(
  [
    /`([^`\n]+)`/.source, // 1: code
    /\*\*(?=\S)([\s\S]+?)\*\*/.source, // 2: bold
    /(?<![\w*])\*(?=[^\s*])([\s\S]+?)\*(?![\w*])/.source, // 3: italics
    /(?<!\w)_(?=\S)([\s\S]+?)_(?!\w)/.source, // 4: italics
    /\[([^\]\n]+)\]\(([^)\s]+)\)/.source, // 5, 6: a link with its text
    /(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/.source, // 7: a bare address
  ].join('|'),
);

/** An http(s) address as a link's href; null for anything else (javascript:, data:, a path). */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function link(href: string, children: ReactNode, key: string): ReactNode {
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function inline(text: string, key: string, inLink = false): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const at = `${key}.${index++}`;
    const [whole, code, bold, star, underscore, linkText, linkTarget, bare] = match;
    if (code !== undefined) nodes.push(<code key={at}>{code}</code>);
    else if (bold !== undefined) nodes.push(<strong key={at}>{inline(bold, at, inLink)}</strong>);
    else if (star !== undefined || underscore !== undefined)
      nodes.push(<em key={at}>{inline(star ?? underscore, at, inLink)}</em>);
    else if (linkText !== undefined) {
      const href = inLink ? null : safeHref(linkTarget);
      // a link to anything but an http(s) address stays the text it was written as
      nodes.push(href ? link(href, inline(linkText, at, true), at) : whole);
    } else if (bare !== undefined) {
      const href = inLink ? null : safeHref(bare);
      nodes.push(href ? link(href, bare, at) : bare);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return nodes;
}

/** Paragraphs (a blank line between) of lines (a line break between), each line's marks rendered. */
export function renderMarkdown(text: string): ReactNode[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim());
  const rendered: ReactNode[] = [];
  // a text's paragraphs never move: their place in it is their identity
  for (const [p, paragraph] of paragraphs.entries()) {
    const lines: ReactNode[] = [];
    for (const [l, line] of paragraph.split('\n').entries()) {
      if (l > 0) lines.push(<br key={`${p}.${l}.br`} />);
      lines.push(...inline(line, `${p}.${l}`));
    }
    rendered.push(<p key={`p${p}`}>{lines}</p>);
  }
  return rendered;
}
