import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuditPageResponse, HealthResponse } from '@vip/contracts';
import { expect } from 'chai';
import { runCli } from '../../test/support/cli.ts';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, DEMO_SERVER_ID, eventually, seedDemoServer, tokenOf } from './support/seed.ts';

/**
 * The auditor's workbench (issue #15) in the audit screen: filter the trail, read an entry's
 * sentence, open the state as of its position, download the filtered export, and check the
 * downloaded file offline against its seals.
 */
describe('frontend: the auditor workbench (browser)', function () {
  this.timeout(180_000);
  // seals every few events, so the export's range is sealed
  const browser = useProductInBrowser({ env: () => ({ AUDIT_SEAL_EVERY: '3' }) });
  let downloads: string;

  before(async () => {
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-downloads-'));
    await seedDemoServer(browser.product());
    const generated = await api(browser.product(), '/api/keys/generateKey', { body: { guildId: DEMO_SERVER_ID } });
    expect(generated.status, JSON.stringify(generated.body)).to.equal(200);
    const token = await tokenOf(browser.product());
    const head =
      (await api<HealthResponse>(browser.product(), '/api/health', { token })).body.eventStore.headPosition ?? 0;
    await eventually(async () => {
      const { body } = await api<AuditPageResponse>(browser.product(), '/api/admin/audit?type=LogSealed&limit=1', {
        token,
      });
      return (body.events?.[0]?.data.upToPosition as number) >= head - 3;
    }, 'the log sealed');
  });
  after(() => fs.rmSync(downloads, { recursive: true, force: true }));

  it('filter → the entry in words → state as of here → the export downloaded, which verifies offline', async () => {
    const page = await browser.openPage('/login');
    await logIn(page, ADMIN);
    await page.waitForURL('**/admin/whitelist');
    await page.goto(browser.url('/admin/audit'));
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();

    await page.getByLabel('Server ID', { exact: true }).fill(DEMO_SERVER_ID);
    await page.getByLabel('Event type').selectOption('KeyGenerated');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/admin/audit?guildId=${DEMO_SERVER_ID}&type=KeyGenerated`);

    // the entry says what happened, with its log position, above its data
    const entry = page.locator('.audit-event[data-type="KeyGenerated"]').first();
    await entry.waitFor();
    const position = Number(await entry.getAttribute('data-position'));
    expect(await entry.locator('.audit-position').textContent()).to.equal(`#${position.toLocaleString('en')}`);
    expect(await entry.locator('.audit-sentence').textContent()).to.match(
      /^a visitor generated a key for Demo Server \(key [0-9a-f]{4}…, valid until .+ UTC\)$/,
    );
    await entry.getByText('Data').click();
    const data = entry.getByRole('table', { name: `Data of event ${position}` });
    expect(await data.getByRole('row', { name: /guildId/ }).textContent()).to.include(DEMO_SERVER_ID);

    // the state as of this entry: a progress bar while the log is replayed, then the state
    await entry.getByRole('button', { name: 'State as of here' }).click();
    const panel = page.getByRole('dialog', { name: `State as of position ${position.toLocaleString('en')}` });
    await panel.waitFor();
    await panel.getByRole('progressbar', { name: 'Replaying the log' }).waitFor();
    await panel.getByRole('heading', { name: /^Key [0-9a-f]{12}…: valid$/ }).waitFor({ timeout: 60_000 });
    await panel.getByRole('heading', { name: new RegExp(`^Demo Server ${DEMO_SERVER_ID}$`) }).waitFor();
    const statistics = panel.getByRole('table', { name: 'Statistics' });
    expect(await statistics.getByRole('row', { name: /keysGenerated/ }).textContent()).to.equal('keysGenerated1');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // the export with the same filters, downloaded and checked offline
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (NDJSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).to.match(/^audit-1-\d+\.ndjson$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines[0]).to.include({ kind: 'range', server: DEMO_SERVER_ID });
    expect(lines[0].types).to.deep.equal(['KeyGenerated']);
    const events = lines.filter((line) => line.kind === 'event');
    expect(events.map((line) => line.position)).to.deep.equal([position]);
    expect(events[0].sentence).to.match(/^a visitor generated a key for Demo Server/);

    const checked = await runCli('projections/src/cli/audit.ts', ['verify', '--file', file], {});
    expect(checked.stdout, checked.stderr).to.include('RESULT: every seal matches.');
    expect(checked.code).to.equal(0);
    expect(browser.pageErrors).to.deep.equal([]);
  });
});
