import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ADMIN, removeDataDir, startAllInOne } from '../../../test/support/all-in-one.ts';

const CHROMIUM = '/usr/bin/chromium';

export { ADMIN };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface ProductInBrowser {
  /** A fresh browser context (own storage, phone-sized) with one page opened at `path`. */
  openPage(path: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page>;
  url(path: string): string;
  /** The running product's address and data directory (for the CLIs and the API). */
  product(): { url: string; dataDir: string };
  /** Uncaught errors of any page so far: a journey should end with none. */
  pageErrors: string[];
}

/**
 * Registers the hooks of a browser suite: the real all-in-one product (serving frontend/dist)
 * and Debian's chromium, skipped with a printed reason when chromium is missing. `env` is
 * read when the product starts (after the suite's earlier `before` hooks, e.g. a fake Discord's).
 */
export function useProductInBrowser(options: { env?: () => Record<string, string> } = {}): ProductInBrowser {
  let server: Awaited<ReturnType<typeof startAllInOne>> | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.log(`${CHROMIUM} is not installed: the browser journey is skipped`);
      this.skip();
    }
    // The server serves the built frontend; build it once if nobody has yet.
    if (!existsSync(`${repoRoot}frontend/dist/index.html`)) {
      execFileSync('npm', ['run', 'build', '-w', '@vip/frontend'], { cwd: repoRoot, stdio: 'inherit' });
    }
    server = await startAllInOne({ env: options.env?.() });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // invite.localhost, poster.localhost...: the host special cases (spec §2) on this machine
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  return {
    pageErrors,
    url: (path) => server!.url + path,
    product: () => ({ url: server!.url, dataDir: server!.dataDir }),
    async openPage(path, prepare) {
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      await prepare?.(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(server!.url + path);
      return page;
    },
  };
}

export async function logIn(page: Page, credentials: { username: string; password: string } = ADMIN): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
