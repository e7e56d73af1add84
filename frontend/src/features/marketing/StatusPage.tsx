import type { BotStates } from '@vip/contracts';
import { configDefaults, projectionLagCountLimit } from '@vip/contracts/plain';
import type { ReactNode } from 'react';
import { groupedCount } from '../../app/counts.ts';
import { type SiteSettings, useSiteSettings } from '../../app/siteConfig.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useGetHealthQuery } from './publicApi.ts';
import './marketing.css';

const refreshMs = configDefaults.statsRefreshSeconds * 1000;
/** Events behind, as the server counts them: up to a limit, beyond which it says "at least". */
const eventsBehind = (lag: number) =>
  lag >= projectionLagCountLimit ? `${groupedCount(projectionLagCountLimit)}+` : groupedCount(lag);

const botNames = { key: 'Key bot', poster: 'Poster bot' } as const;
const botStateWords = { running: 'Running', starting: 'Starting', 'not running': 'Not running' } as const;

/**
 * The bots the headline must not hide: the key bot always (keys are redeemed through it), the
 * poster bot where the site offers it. Empty while every one of them runs, or when this
 * service cannot tell (the bots run elsewhere).
 */
function botsDown(bots: BotStates | undefined, settings: SiteSettings | undefined): string[] {
  if (!bots) return [];
  const offered = (['key', 'poster'] as const).filter((bot) => bot === 'key' || settings?.posterBot);
  return offered.filter((bot) => bots[bot] !== 'running').map((bot) => botNames[bot].toLowerCase());
}

function headline(healthy: boolean, down: string[]): string {
  if (!healthy) return 'Degraded performance';
  if (down.length === 0) return 'All systems operational';
  return `The site is up; the ${down.join(' and the ')} ${down.length === 1 ? 'is' : 'are'} not running`;
}

/** Each bot's state as this service sees it, said plainly. */
function BotList({ bots }: { bots: BotStates }) {
  return (
    <section className="card" aria-labelledby="bots-title">
      <h2 id="bots-title">Bots</h2>
      <ul className="service-list">
        {(['key', 'poster'] as const).map((bot) => (
          <li key={bot} data-bot={bot}>
            <span
              className={`status-dot ${bots[bot] === 'running' ? 'status-dot-up' : 'status-dot-down'}`}
              aria-hidden="true"
            />
            <strong>{botNames[bot]}</strong>
            <span className={bots[bot] === 'running' ? 'service-state' : 'service-state service-state-down'}>
              {botStateWords[bots[bot]]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The headline of the page: up (green) or degraded, and a line of detail under it. */
function Summary({ up, title, children }: { up: boolean; title: string; children: ReactNode }) {
  return (
    <div className={`status-summary ${up ? 'status-up' : 'status-degraded'}`} role="status">
      <span className="status-dot" aria-hidden="true" />
      <div>
        <h2>{title}</h2>
        <p className="muted">{children}</p>
      </div>
    </div>
  );
}

/** /status (and status.* hosts): the product's health, the bots' included, refreshed every 30 s. */
export default function StatusPage() {
  const { data, isLoading, isError, fulfilledTimeStamp } = useGetHealthQuery(undefined, { pollingInterval: refreshMs });
  const settings = useSiteSettings();
  const down = botsDown(data && 'bots' in data ? data.bots : undefined, settings);

  // not QueryResult: an unreachable service is a status of its own here, and the page keeps polling
  let body: ReactNode;
  if (isLoading) body = <PageLoading label="Checking services..." />;
  else if (!data) {
    body = (
      <div className="status-summary status-down" role="status">
        <span className="status-dot" aria-hidden="true" />
        <div>
          <h2>Service unreachable</h2>
          <p className="muted">
            The status could not be read. This page tries again every {configDefaults.statsRefreshSeconds} seconds.
          </p>
        </div>
      </div>
    );
  } else if (!('projections' in data)) {
    // a visitor learns whether the product is up; the details are the admins' (issue #19 item 5)
    const healthy = data.status === 'ok' && !isError;
    body = (
      <>
        <Summary up={healthy && down.length === 0} title={headline(healthy, down)}>
          {fulfilledTimeStamp ? `Checked ${formatDateTime(fulfilledTimeStamp)}.` : ''}
        </Summary>
        {data.bots && <BotList bots={data.bots} />}
      </>
    );
  } else {
    const healthy = data.status === 'ok' && !isError;
    const lagging = data.projections.filter((projection) => projection.lag > 0).length;
    body = (
      <>
        <Summary up={healthy && down.length === 0} title={headline(healthy, down)}>
          {lagging === 0
            ? 'Every read model is up to date.'
            : `${lagging} read model${lagging === 1 ? ' is' : 's are'} catching up.`}
          {fulfilledTimeStamp ? ` Checked ${formatDateTime(fulfilledTimeStamp)}.` : ''}
        </Summary>
        <section className="card" aria-labelledby="services-title">
          <h2 id="services-title">Services</h2>
          <ul className="service-list">
            <li>
              <span className="status-dot status-dot-up" aria-hidden="true" />
              <strong>API</strong> <span className="muted">({data.service})</span>
              <span className="service-state">Up</span>
            </li>
            <li>
              <span className="status-dot status-dot-up" aria-hidden="true" />
              <strong>Event store</strong> <span className="muted">({data.eventStore.adapter})</span>
              <span className="service-state">Head {data.eventStore.headPosition ?? '—'}</span>
            </li>
            <li>
              <span className="status-dot status-dot-up" aria-hidden="true" />
              <strong>Read store</strong> <span className="muted">({data.readStore.adapter})</span>
              <span className="service-state">Up</span>
            </li>
          </ul>
        </section>
        {data.bots && <BotList bots={data.bots} />}
        <section className="card" aria-labelledby="projections-title">
          <h2 id="projections-title">Projections</h2>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Read model</th>
                  <th scope="col">Checkpoint</th>
                  <th scope="col">Lag (events)</th>
                </tr>
              </thead>
              <tbody>
                {data.projections.map((projection) => (
                  <tr key={projection.name}>
                    <th scope="row">{projection.name}</th>
                    <td>{projection.checkpoint ?? '—'}</td>
                    <td className={projection.lag > 0 ? 'lag-behind' : 'lag-ok'}>{eventsBehind(projection.lag)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </>
    );
  }

  return (
    <SiteLayout>
      <div className="status-page">
        <header className="page-intro">
          <h1>System status</h1>
          <p className="muted">Refreshes every {configDefaults.statsRefreshSeconds} seconds.</p>
        </header>
        {body}
      </div>
    </SiteLayout>
  );
}
