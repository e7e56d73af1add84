import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** A message as the fake Discord received it (POST /channels/:id/messages). */
export interface PostedMessage {
  content?: string;
  embeds?: {
    title?: string;
    url?: string;
    description?: string;
    color?: number;
    thumbnail?: { url: string };
    footer?: { text: string };
  }[];
  components?: { components: { type: number; style: number; label?: string; url?: string }[] }[];
}

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../screenshots');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const hex = (colour: number | undefined) => `#${(colour ?? 0x1e1f22).toString(16).padStart(6, '0')}`;

/**
 * The message drawn the way Discord's dark theme draws a bot's message: the author line, the
 * embed (coloured edge, title link, description, thumbnail, footer) and its link buttons.
 * Only what the message carries is drawn, so the picture shows what the bot really sent.
 */
export function discordMessageHtml(message: PostedMessage, bot: string, postedAt = new Date()): string {
  const embeds = (message.embeds ?? [])
    .map(
      (embed) => `<article class="embed" style="border-left-color:${hex(embed.color)}">
  <div class="embed-text">
    ${embed.title ? `<a class="embed-title" href="${escapeHtml(embed.url ?? '#')}">${escapeHtml(embed.title)}</a>` : ''}
    ${embed.description ? `<p class="embed-description">${escapeHtml(embed.description)}</p>` : ''}
    ${embed.footer ? `<footer class="embed-footer">${escapeHtml(embed.footer.text)}</footer>` : ''}
  </div>
  ${embed.thumbnail ? `<img class="embed-thumbnail" alt="" src="${escapeHtml(embed.thumbnail.url)}">` : ''}
</article>`,
    )
    .join('');
  const buttons = (message.components ?? [])
    .map(
      (row) =>
        `<div class="buttons">${row.components
          .map(
            (button) =>
              `<a class="button" role="button" href="${escapeHtml(button.url ?? '#')}">${escapeHtml(button.label ?? '')}<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24"><path fill="currentColor" d="M15 2a1 1 0 0 0 0 2h3.59l-7.3 7.3a1 1 0 1 0 1.42 1.4L20 5.42V9a1 1 0 1 0 2 0V3a1 1 0 0 0-1-1h-6ZM5 5a3 3 0 0 0-3 3v11a3 3 0 0 0 3 3h11a3 3 0 0 0 3-3v-5a1 1 0 1 0-2 0v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h5a1 1 0 0 0 0-2H5Z"/></svg></a>`,
          )
          .join('')}</div>`,
    )
    .join('');
  const time = postedAt.toISOString().slice(11, 16);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Poster bot embed</title>
<style>
  body { margin: 0; background: #313338; color: #dbdee1; font: 16px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
  .channel { padding: 12px 16px; border-bottom: 1px solid #26272d; color: #f2f3f5; font-weight: 600; }
  .channel span { color: #80848e; margin-right: 6px; }
  .message { display: grid; grid-template-columns: 40px 1fr; gap: 0 16px; padding: 16px; }
  .avatar { width: 40px; height: 40px; border-radius: 50%; background: #e03c3c; display: grid; place-items: center; color: #fff; font-weight: 700; }
  .author { color: #f2f3f5; font-weight: 600; }
  .tag { background: #5865f2; color: #fff; font-size: 10px; font-weight: 700; padding: 1px 4px; border-radius: 3px; margin: 0 4px; vertical-align: 2px; }
  .time { color: #949ba4; font-size: 12px; }
  .content { white-space: pre-wrap; word-break: break-word; }
  .content a { color: #00a8fc; }
  .embed { display: flex; gap: 16px; max-width: 432px; margin-top: 4px; padding: 8px 16px 16px 12px; background: #2b2d31; border-left: 4px solid; border-radius: 4px; box-sizing: border-box; }
  .embed-text { flex: 1; min-width: 0; }
  .embed-title { display: block; margin-top: 8px; color: #00a8fc; font-weight: 600; text-decoration: none; }
  .embed-description { margin: 8px 0 0; font-size: 14px; }
  .embed-footer { margin-top: 8px; font-size: 12px; color: #b5bac1; }
  .embed-thumbnail { width: 80px; height: 80px; object-fit: cover; border-radius: 4px; margin-top: 8px; flex: none; }
  .buttons { display: flex; gap: 8px; margin-top: 8px; }
  .button { display: inline-flex; align-items: center; gap: 6px; height: 32px; padding: 0 16px; background: #4e5058; color: #fff; border-radius: 3px; font-size: 14px; font-weight: 500; text-decoration: none; }
</style></head><body>
<div class="channel"><span>#</span>videos</div>
<div class="message">
  <div class="avatar" aria-hidden="true">${escapeHtml(bot.slice(0, 1))}</div>
  <div>
    <div><span class="author">${escapeHtml(bot)}</span><span class="tag">APP</span><span class="time">Today at ${time}</span></div>
    ${message.content ? `<div class="content">${escapeHtml(message.content)}</div>` : ''}
    ${embeds}
    ${buttons}
  </div>
</div>
</body></html>`;
}

/**
 * Screenshots of the message at 1280 and 390 px into screenshots/ (git-ignored), and what
 * the browser shows of it, so a test can check the picture is of the real message.
 */
export async function screenshotMessage(
  message: PostedMessage,
  name: string,
  bot: string,
): Promise<{ files: string[]; title: string | null; buttons: string[]; thumbnailLoaded: boolean }> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const files: string[] = [];
    let seen = { title: null as string | null, buttons: [] as string[], thumbnailLoaded: false };
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 400 } });
      await page.setContent(discordMessageHtml(message, bot), { waitUntil: 'load' });
      seen = {
        title: await page
          .locator('.embed-title')
          .first()
          .textContent({ timeout: 1_000 })
          .catch(() => null),
        buttons: await page.locator('.button').allTextContents(),
        thumbnailLoaded: await page
          .locator('.embed-thumbnail')
          .evaluateAll((images) => images.some((image) => (image as HTMLImageElement).naturalWidth > 0)),
      };
      const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      files.push(file);
      await page.close();
    }
    return { files, ...seen };
  } finally {
    await browser.close();
  }
}
