import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { botLimits } from '@vip/contracts';
import { cardScanner, type PageMeta, pageMetaOf } from './page-meta.ts';
import { isLoopbackAddress, isPublicAddress } from './public-address.ts';

/** How the poster bot reads a page for its embed. */
export interface PreviewRules {
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** Bytes read before the end of the page's head (</head> or <body>); a longer head is "too large". */
  maxBytes: number;
  maxRedirects: number;
  /**
   * Tests only (POSTER_PREVIEW_TEST_LOOPBACK_PORTS with NODE_ENV=test): loopback addresses on
   * these ports count as public, so a test can serve a page on 127.0.0.1. Empty in production.
   */
  loopbackPorts: readonly number[];
  /** DNS, replaceable so tests can make a name resolve to any address. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export const defaultPreviewRules: PreviewRules = {
  timeoutMs: 4_000,
  maxBytes: 1_000_000,
  maxRedirects: 4,
  loopbackPorts: [],
};

/** Why a page gave no preview, in words a member reads after "I could not read the page:". */
export type PreviewFailure =
  | 'timed out'
  | 'too large'
  | 'not a web page'
  | 'private address'
  | 'too many redirects'
  | 'unreachable'
  | `answered ${number}`;

export type PagePreview =
  | { ok: true; title: string | null; description: string | null; imageUrl: string | null }
  | { ok: false; reason: PreviewFailure };

class Refused extends Error {
  constructor(readonly reason: PreviewFailure) {
    super(reason);
  }
}

const resolveByDns = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** Every address the host has, each one allowed, or the fetch is refused before any connection. */
async function allowedAddresses(url: URL, rules: PreviewRules): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await (rules.resolve ?? resolveByDns)(host).catch(() => {
        throw new Refused('unreachable');
      });
  const allowed = (address: string) =>
    isPublicAddress(address) || (isLoopbackAddress(address) && rules.loopbackPorts.includes(port));
  if (addresses.length === 0) throw new Refused('unreachable');
  if (!addresses.every(({ address }) => allowed(address))) throw new Refused('private address');
  return addresses;
}

/** Connects to the addresses that were checked, never to a second DNS answer (DNS rebinding). */
function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_host, options, callback) => {
    const done = callback as (error: Error | null, address: unknown, family?: number) => void;
    if (options.all) done(null, addresses);
    else done(null, addresses[0].address, addresses[0].family);
  };
}

function request(url: URL, addresses: { address: string; family: number }[], signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'Mozilla/5.0 (compatible; VIPPosterBot/1.0; link preview)',
      },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

const decompressors: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: zlib.createGunzip,
  'x-gzip': zlib.createGunzip,
  deflate: zlib.createInflate,
  br: zlib.createBrotliDecompress,
};

/** The body as the page wrote it; a failure or abort of the response ends the decompressor too. */
function decoded(response: IncomingMessage): AsyncIterable<Buffer> {
  const encoding = (response.headers['content-encoding'] ?? '').toLowerCase().trim();
  if (encoding === '' || encoding === 'identity') return response;
  const decompressor = decompressors[encoding];
  if (!decompressor) throw new Refused('not a web page');
  return pipeline(response, decompressor(), () => undefined) as unknown as AsyncIterable<Buffer>;
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * The page's head, read as its bytes arrive: the reading is part of the fetch (so the deadline
 * covers it) and no step of it is longer than one piece of the answer. The tags are read on the
 * bytes; what the card keeps is decoded at the end by the charset of the answer's headers, else
 * the one the head declares, else as UTF-8. A charset whose markup is not ASCII (UTF-16), named
 * in the headers, is first made UTF-8 as the bytes come.
 */
async function readHead(response: IncomingMessage, contentType: string, maxBytes: number): Promise<PageMeta> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes && !response.headers['content-encoding'])
    throw new Refused('too large');
  const scanner = cardScanner();
  const label = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  const byHeaders = label ? decoderFor(label) : null;
  const transcoding = byHeaders?.encoding.startsWith('utf-16') ? byHeaders : null;
  let size = 0;
  try {
    for await (const chunk of decoded(response)) {
      size += chunk.length;
      scanner.write(transcoding ? Buffer.from(transcoding.decode(chunk, { stream: true }), 'utf8') : chunk);
      if (scanner.ended) break;
      if (size > maxBytes) throw new Refused('too large');
    }
  } finally {
    response.destroy();
  }
  const decoder = transcoding ? new TextDecoder('utf-8') : (byHeaders ?? decoderFor(scanner.charset ?? 'utf-8'));
  return pageMetaOf(scanner, (raw) => decoder.decode(Buffer.from(raw, 'latin1')));
}

const webAddress = (text: string) => /^https?:$/.test(new URL(text).protocol);

function clip(text: string | null, length: number): string | null {
  if (text === null || text.length <= length) return text;
  return `${text.slice(0, length - 1).trimEnd()}…`;
}

/** The image as an absolute http(s) address Discord can show, or nothing. */
function imageAddress(image: string | null, page: URL): string | null {
  if (!image || !URL.canParse(image, page)) return null;
  const address = new URL(image, page).href;
  return webAddress(address) && address.length <= botLimits.videoImageUrlChars ? address : null;
}

async function fetchHead(start: URL, rules: PreviewRules, signal: AbortSignal) {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (!webAddress(url.href)) throw new Refused('not a web page');
    const response = await request(url, await allowedAddresses(url, rules), signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.destroy();
      if (hop >= rules.maxRedirects) throw new Refused('too many redirects');
      if (!URL.canParse(location, url)) throw new Refused('unreachable');
      url = new URL(location, url);
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new Refused(`answered ${status}`);
    }
    const contentType = response.headers['content-type'] ?? '';
    if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
      response.destroy();
      throw new Refused('not a web page');
    }
    return { url, meta: await readHead(response, contentType, rules.maxBytes) };
  }
}

/**
 * The title, description and image a page gives for its link card. Only http(s), only public
 * addresses (each redirect checked again), within the time and size limits; any failure is a
 * reason, never an exception: the post then falls back to the bare link.
 */
export async function fetchPagePreview(link: string, rules: PreviewRules = defaultPreviewRules): Promise<PagePreview> {
  if (!URL.canParse(link)) return { ok: false, reason: 'not a web page' };
  const signal = AbortSignal.timeout(rules.timeoutMs);
  // the signal stops the connection; the race also stops a DNS answer that never comes
  const deadline = new Promise<never>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Refused('timed out')), { once: true }),
  );
  try {
    const { url, meta } = await Promise.race([fetchHead(new URL(link), rules, signal), deadline]);
    return {
      ok: true,
      title: clip(meta.title, botLimits.videoTitleChars),
      description: clip(meta.description, botLimits.videoDescriptionChars),
      imageUrl: imageAddress(meta.image, url),
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (signal.aborted) return { ok: false, reason: 'timed out' };
    return { ok: false, reason: 'unreachable' };
  }
}
