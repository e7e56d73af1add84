import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AnnouncementView, AuditPageResponse } from '@vip/contracts';
import { loadConfig } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, type Projector } from '@vip/projections';
import { expect } from 'chai';
import { auditProjector } from '../../projections/src/read-models/audit/audit.projector.ts';
import { type RunningProduct, startAllInOne } from '../../src/all-in-one.ts';
import { ADMIN, removeDataDir } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { writeMixedLog } from '../support/mixed-log.ts';
import { eventually, withEventStore } from '../support/seed.ts';

const EPOCH = new Date(0).toISOString();
/** The audit trail's next version, as a release would ship it (keeping the code of the one before): every time 1970. */
const auditV3: Projector = {
  ...auditProjector,
  version: 3,
  previous: auditProjector,
  apply: (event, documents) => auditProjector.apply({ ...event, createdAt: new Date(0) }, documents),
};
const withAuditV3 = allProjectors.map((projector) => (projector === auditProjector ? auditV3 : projector));

/**
 * Requests of every kind, over real HTTP, until stopped: readiness, audit pages, announcements
 * posted and read back (read-your-writes through the projections). Counts the answers that
 * failed, and what the audit pages showed.
 */
class Traffic {
  failed: string[] = [];
  requests = 0;
  /** The versions the audit pages showed, in order: 'old' (real times) or 'new' (1970). */
  seen: Array<'old' | 'new'> = [];
  posted: string[] = [];
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  start(): void {
    this.stopped = false;
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async run(): Promise<void> {
    for (let round = 0; !this.stopped; round++) await this.round(`${Date.now()}-${round}`);
  }

  /** One of each; also used on its own. */
  async round(title: string): Promise<void> {
    await this.call('GET', '/api/ready');
    const page = await this.call<AuditPageResponse>('GET', '/api/admin/audit?limit=5');
    if (page.status === 200) {
      const versions = new Set(page.body.events.map((event) => (event.time === EPOCH ? 'new' : 'old')));
      // a page comes from one version, never from both
      if (versions.size !== 1) this.failed.push(`a page of both versions: ${[...versions]}`);
      else this.seen.push([...versions][0]);
    }
    const created = await this.call('POST', '/api/announcements', { title, content: 'during an upgrade' });
    if (created.status === 201) {
      this.posted.push(title);
      const listed = await this.call<AnnouncementView[]>('GET', '/api/announcements');
      if (!listed.body.some?.((announcement) => announcement.title === title))
        this.failed.push(`announcement ${title} not listed after it was posted`);
    }
  }

  private async call<T = unknown>(method: string, route: string, body?: unknown) {
    this.requests++;
    const response = await api<T>(this.url, method, route, { token: this.token, body });
    if (response.status >= 300)
      this.failed.push(`${method} ${route}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }
}

describe('an upgraded projector is built beside the live read model, over HTTP', function () {
  this.timeout(180_000);
  let dataDir: string;
  let product: RunningProduct | undefined;
  const start = async (projectors?: readonly Projector[], paused?: string[]) => {
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGINS_PER_MINUTE: '100000',
    };
    product = await startAllInOne(loadConfig(env), {
      projectors,
      runner: { paused, buildPageSize: 500, retireAfterMs: 200 },
    });
    return { product, token: await login(product.url, ADMIN.username, ADMIN.password) };
  };
  const stop = async () => {
    await product?.close();
    product = undefined;
  };

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-blue-green-'));
    await withEventStore(dataDir, (store) => writeMixedLog(store, { events: 5_000 }));
    // the read models as the release before builds them
    await start();
    await stop();
  });
  after(async () => {
    await stop();
    removeDataDir(dataDir);
  });

  it('answers from the old version while the new one builds, with no failed request, then from the new one; the old collections go', async () => {
    // a first start of the new release, its build held: the product answers from the old version
    const held = await start(withAuditV3, ['audit@v3']);
    expect(held.product.runner.builds.pending.map(({ builder }) => builder.name)).to.deep.equal(['audit@v3']);
    const during = new Traffic(held.product.url, held.token);
    for (let round = 0; round < 10; round++) await during.round(`held-${round}`);
    expect(during.failed).to.deep.equal([]);
    expect(during.seen).to.deep.equal(Array(10).fill('old'));
    // the old version follows the log: the posts are in its audit trail
    const trail = await api<AuditPageResponse>(held.product.url, 'GET', '/api/admin/audit?type=AnnouncementPosted', {
      token: held.token,
    });
    expect(trail.body.events.map((event) => event.data.title)).to.include('held-9');
    // stopped in the middle of the build, started again: the build goes on
    await stop();

    const upgraded = await start(withAuditV3);
    const traffic = new Traffic(upgraded.product.url, upgraded.token);
    traffic.start();
    await upgraded.product.runner.whenBuilt();
    // a few more rounds after the switch
    const switchedAt = traffic.requests;
    await eventually(async () => traffic.requests > switchedAt + 20, 30_000, 'requests after the switch');
    await traffic.stop();

    expect(traffic.failed).to.deep.equal([]);
    expect(traffic.seen.at(-1)).to.equal('new');
    // old until the switch, new from then on: never back
    expect(traffic.seen.slice(traffic.seen.indexOf('new'))).to.not.include('old');
    const page = await api<AuditPageResponse>(upgraded.product.url, 'GET', '/api/admin/audit?limit=200', {
      token: upgraded.token,
    });
    expect(page.body.events.every((event) => event.time === EPOCH)).to.equal(true);
    // nothing posted during the build or at the switch is missing from the new version
    const posts = await api<AuditPageResponse>(
      upgraded.product.url,
      'GET',
      `/api/admin/audit?type=AnnouncementPosted&limit=${Math.min(200, traffic.posted.length)}`,
      { token: upgraded.token },
    );
    expect(posts.body.events.map((event) => event.data.title)).to.deep.equal(
      traffic.posted.slice(-Math.min(200, traffic.posted.length)).reverse(),
    );

    const physical = new SqliteReadStore(path.join(dataDir, 'read-models.sqlite'));
    try {
      await eventually(
        async () => !(await physical.listCollections()).includes('audit'),
        30_000,
        'the old audit collections dropped',
      );
      expect(await physical.listCollections())
        .to.include('audit__v3')
        .and.not.include('audit_open_grants');
    } finally {
      await physical.close();
    }
  });
});
