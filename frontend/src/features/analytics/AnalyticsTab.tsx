import type { ServerAnalytics } from '@vip/contracts';
import { configDefaults, planTexts } from '@vip/contracts/plain';
import { formatDateTime } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { DailyChart } from '../stats/DailyChart.tsx';
import { formatCount } from '../stats/figures.ts';
import { useGetAnalyticsQuery } from './analyticsApi.ts';

const refreshMs = configDefaults.statsRefreshSeconds * 1000;

/**
 * The panel's Analytics tab (decisions.md §11): the figures of the owner's own servers, from
 * the projections, refreshed every 30 s while the tab is open; on plans without analytics, why.
 */
export function AnalyticsTab() {
  const { data, error, isLoading } = useGetAnalyticsQuery(undefined, {
    pollingInterval: refreshMs,
    refetchOnFocus: true,
  });
  if (isLoading) {
    return (
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading analytics...
      </div>
    );
  }
  if (!data) {
    return (
      <p className="banner banner-error" role="alert">
        {errorTextOf(error, planTexts.failedToLoadAnalytics)}
      </p>
    );
  }
  if (!data.included) {
    return (
      <section className="card" aria-labelledby="analytics-title">
        <h2 id="analytics-title">Analytics</h2>
        <p className="banner banner-info" role="status" data-testid="analytics-locked">
          {data.notIncludedReason}
        </p>
        <p className="muted">
          Per-server figures: keys generated and redeemed per day for 30 days, VIP members now, visits and the
          redemption rate.
        </p>
      </section>
    );
  }
  return (
    <section className="stats-view" aria-labelledby="analytics-title">
      <div className="section-header">
        <h2 id="analytics-title">Analytics</h2>
        <span className="muted">
          Updated {formatDateTime(data.generatedAt)} · refreshes every {configDefaults.statsRefreshSeconds} s
        </span>
      </div>
      {data.servers.length === 0 ? (
        <p className="empty-state">
          No verified servers yet: add a server you manage in the Servers tab (and link your Discord account) to see its
          figures.
        </p>
      ) : (
        data.servers.map((server) => <ServerFigures key={server.guildId} server={server} />)
      )}
    </section>
  );
}

function ServerFigures({ server }: { server: ServerAnalytics }) {
  const name = server.serverName ?? server.guildId;
  const rate = server.redemptionRate === null ? '—' : `${server.redemptionRate.toLocaleString('en-US')}%`;
  const figures: [string, string, string][] = [
    ['VIP members now', formatCount(server.activeVipNow), 'activeVipNow'],
    ['Keys generated (30 days)', formatCount(server.keysGenerated30d), 'keysGenerated30d'],
    ['Keys redeemed (30 days)', formatCount(server.keysRedeemed30d), 'keysRedeemed30d'],
    ['Redemption rate', rate, 'redemptionRate'],
    ['Key page visits (30 days)', formatCount(server.visits30d), 'visits30d'],
  ];
  return (
    <section className="stat-group server-analytics" aria-label={name} data-server={server.guildId}>
      <h3>{name}</h3>
      <dl className="stat-grid">
        {figures.map(([label, value, id]) => (
          <div key={id} className="card stat-card">
            <dt>{label}</dt>
            <dd className="stat-value" data-stat={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="card">
        <DailyChart days={server.daily} />
      </div>
    </section>
  );
}
