import type { AdminStatsResponse } from '@vip/contracts';
import { configDefaults, vipRoleTexts } from '@vip/contracts/plain';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/dates.ts';
import { PlanSales } from '../billing/PlanSales.tsx';
import { useGetGuildsQuery } from '../marketing/publicApi.ts';
import { DailyChart } from './DailyChart.tsx';
import { formatChange, formatCount } from './figures.ts';
import { useGetAdminStatsQuery } from './statsApi.ts';

const refreshMs = configDefaults.statsRefreshSeconds * 1000;

/**
 * Spec §2/§9 Statistics with decisions.md §2: every figure is the projections', refreshed
 * every 30 s. A failed refresh is ignored (spec §8): the last figures stay on screen.
 */
export function StatisticsView() {
  const { data } = useGetAdminStatsQuery(undefined, { pollingInterval: refreshMs });
  const { data: guilds } = useGetGuildsQuery(undefined, { pollingInterval: refreshMs });

  return (
    <section aria-labelledby="stats-title" className="stats-view">
      <div className="section-header">
        <h2 id="stats-title">Statistics</h2>
        <span className="muted">
          {data
            ? `Updated ${formatDateTime(data.generatedAt)} · refreshes every ${configDefaults.statsRefreshSeconds} s`
            : 'Loading figures...'}
        </span>
      </div>
      <StatGroup title="Keys">
        <Stat
          label="Generated today"
          value={data?.keys.today}
          id="keys.today"
          change={data ? { value: data.keys.dayOverDay, label: 'vs yesterday', id: 'keys.dayOverDay' } : undefined}
        />
        <Stat label="Generated yesterday" value={data?.keys.yesterday} id="keys.yesterday" />
        <Stat
          label="Last 7 days"
          value={data?.keys.last7Days}
          id="keys.last7Days"
          change={
            data ? { value: data.keys.weekOverWeek, label: 'vs the week before', id: 'keys.weekOverWeek' } : undefined
          }
        />
        <Stat label="Last 30 days" value={data?.keys.last30Days} id="keys.last30Days" />
        <Stat label="Generated in total" value={data?.keys.total} id="keys.total" />
        <Stat label="Redeemed today" value={data?.keys.redeemedToday} id="keys.redeemedToday" />
        <Stat label="Redeemed in total" value={data?.keys.redeemedTotal} id="keys.redeemedTotal" />
      </StatGroup>
      <StatGroup title="Members and visitors">
        <Stat label="Active VIP roles now" value={data?.vip.activeNow} id="vip.activeNow" />
        <Stat
          label="Distinct visitors"
          value={data?.visitors.distinct}
          id="visitors.distinct"
          hint="each address once a day: its days are not linked"
        />
        <Stat label="Visits today" value={data?.visitors.visitsToday} id="visitors.visitsToday" />
        <Stat label="Whitelist entries" value={data?.whitelist.entries} id="whitelist.entries" />
        <Stat label="Whitelisted users" value={data?.whitelist.users} id="whitelist.users" />
        <Stat
          label="Premium users"
          value={data?.whitelist.premiumUsers}
          id="whitelist.premiumUsers"
          hint="monthly whitelist entries"
        />
        <Stat label="Servers" value={data?.servers.total} id="servers.total" />
        <Stat label="Members in those servers" value={data?.servers.members} id="servers.members" />
      </StatGroup>
      <StatGroup title="VIP roles">
        <Stat
          label="Grants refused today"
          value={data?.vipRoles.grantsFailed.today}
          id="vipRoles.grantsFailed.today"
          hint="Discord refused the key bot"
        />
        <Stat
          label="Grants refused, 30 days"
          value={data?.vipRoles.grantsFailed.last30Days}
          id="vipRoles.grantsFailed.last30Days"
        />
        <Stat
          label="Late removals today"
          value={data?.vipRoles.removalsLate.today}
          id="vipRoles.removalsLate.today"
          hint={`more than ${vipRoleTexts.lateRemovalSeconds} s after the window's end`}
        />
        <Stat
          label="Late removals, 30 days"
          value={data?.vipRoles.removalsLate.last30Days}
          id="vipRoles.removalsLate.last30Days"
          hint={data ? `of ${formatCount(data.vipRoles.removalsLast30Days)} removals` : undefined}
        />
      </StatGroup>
      <PlanSales figures={data?.billing} />
      <div className="stats-bottom">
        <section className="card">
          {data ? <DailyChart days={data.daily} /> : <p className="muted">The chart appears with the first figures.</p>}
        </section>
        <section className="card" aria-labelledby="largest-title">
          <h3 id="largest-title">Largest servers</h3>
          {guilds && guilds.length > 0 ? (
            <ol className="largest-list">
              {guilds.slice(0, configDefaults.topGuildsInStrip).map((guild) => (
                <li key={guild.id}>
                  <span>{guild.name}</span>
                  <span className="muted">{formatCount(guild.memberCount)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No servers yet.</p>
          )}
        </section>
      </div>
    </section>
  );
}

function StatGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="stat-group" aria-label={title}>
      <h3>{title}</h3>
      <dl className="stat-grid">{children}</dl>
    </section>
  );
}

type StatId = string;
interface StatProps {
  label: string;
  value: number | undefined;
  id: StatId;
  hint?: string;
  change?: { value: AdminStatsResponse['keys']['dayOverDay']; label: string; id: StatId };
}

function Stat({ label, value, id, hint, change }: StatProps) {
  const direction = change?.value == null ? 'flat' : change.value > 0 ? 'up' : change.value < 0 ? 'down' : 'flat';
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd className="stat-value" data-stat={id}>
        {value === undefined ? '—' : formatCount(value)}
      </dd>
      {change && (
        <dd className={`stat-change change-${direction}`}>
          <span data-stat={change.id}>{formatChange(change.value)}</span> {change.label}
        </dd>
      )}
      {hint && <dd className="muted stat-hint">{hint}</dd>}
    </div>
  );
}
