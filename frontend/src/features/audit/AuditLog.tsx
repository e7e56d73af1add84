import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { eventTypeNames } from '@vip/contracts/plain';
import { QueryResult } from '../../components/QueryResult.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { type AuditFilters, useGetAuditPageQuery } from './auditApi.ts';
import { EventItem } from './EventItem.tsx';
import { ExportButton } from './ExportButton.tsx';
import { SettingsOpener } from './SettingsOpener.tsx';

const FILTER_NAMES = ['guildId', 'userId', 'type', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/** /admin/audit: the event log, newest first, filtered by the address's query and paged on demand. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [befores, setBefores] = useState<(number | undefined)[]>([undefined]);
  const [appliedKey, setAppliedKey] = useState(params.toString());
  if (appliedKey !== params.toString()) {
    // the filters changed (Apply, back/forward): start again from the newest page
    setAppliedKey(params.toString());
    setBefores([undefined]);
    setDraft(applied);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = draft[name]?.trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  const field = (name: (typeof FILTER_NAMES)[number]) => ({
    id: `audit-${name}`,
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft((state) => ({ ...state, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby="audit-title" className="audit">
      <div className="section-header">
        <h2 id="audit-title">Audit Trail</h2>
      </div>
      <form className="card audit-filters" onSubmit={apply} aria-label="Audit filters">
        <div className="field">
          <label htmlFor="audit-guildId">Server ID</label>
          <input {...field('guildId')} inputMode="numeric" autoComplete="off" placeholder="e.g. 100000000000000001" />
        </div>
        <div className="field">
          <label htmlFor="audit-userId">User ID</label>
          <input {...field('userId')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="audit-type">Event type</label>
          <select {...field('type')}>
            <option value="">All types</option>
            {eventTypeNames.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input {...field('from')} type="date" />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input {...field('to')} type="date" />
        </div>
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button type="button" className="button button-secondary" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </button>
          <ExportButton filters={applied} />
        </div>
      </form>
      <SettingsOpener />
      <ol className="audit-events" aria-label="Audit events">
        {befores.map((before, index) => (
          <AuditPage
            key={before ?? 'newest'}
            filters={applied}
            before={before}
            last={index === befores.length - 1}
            onOlder={(nextBefore) => setBefores((list) => [...list, nextBefore])}
          />
        ))}
      </ol>
    </section>
  );
}

const statusItem = (state: ReactNode) => <li className="audit-status">{state}</li>;

/** One page of the log (the newest, or the one before `before`), with "Load older" under the last. */
function AuditPage({
  filters,
  before,
  last,
  onOlder,
}: {
  filters: AuditFilters;
  before?: number;
  last: boolean;
  onOlder: (before: number) => void;
}) {
  const query = useGetAuditPageQuery({ ...filters, before });
  return (
    <QueryResult
      query={query}
      loading="Loading events..."
      failed={(error) => errorTextOf(error, 'Could not load the audit trail')}
      empty="No events match these filters"
      // an older page may come back empty (the newer ones ended exactly there): nothing to say then
      isEmpty={(page) => before === undefined && page.events.length === 0}
      frame={statusItem}
    >
      {(page) => (
        <>
          {page.events.map((event) => (
            <EventItem key={event.position} event={event} />
          ))}
          {last && page.nextBefore !== null && (
            <li className="audit-status">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => page.nextBefore !== null && onOlder(page.nextBefore)}
              >
                Load older
              </button>
            </li>
          )}
        </>
      )}
    </QueryResult>
  );
}
