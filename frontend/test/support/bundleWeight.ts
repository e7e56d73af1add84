import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface LoadedScripts {
  files: string[];
  /** Sum of the files gzipped at zlib's default level (what a server's gzip sends). */
  gzipBytes: number;
}

/**
 * Every JavaScript file a page loads while `visit` runs (lazy chunks included), weighed
 * gzipped from frontend/dist. Call it before the page's first navigation.
 */
export async function scriptsLoadedBy(page: Page, visit: () => Promise<void>): Promise<LoadedScripts> {
  const files = new Set<string>();
  const onResponse = (response: { url(): string }) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) files.add(pathname.slice('/assets/'.length));
  };
  page.on('response', onResponse);
  try {
    await visit();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const list = [...files].sort();
  const gzipBytes = list.reduce(
    (total, file) => total + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', file))).length,
    0,
  );
  return { files: list, gzipBytes };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
