import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { dayOfInput, inputOfDay } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { type AuditFilters, useGetAuditPageQuery } from './auditApi.ts';
import { eventTypeGroups } from './auditWords.ts';
import { EventItem } from './EventItem.tsx';
import { ExportButton } from './ExportButton.tsx';
import { SettingsOpener } from './SettingsOpener.tsx';

const FILTER_NAMES = ['guildId', 'userId', 'type', 'from', 'to'] as const;
type DayFilter = 'from' | 'to';
const isDayFilter = (name: string): name is DayFilter => name === 'from' || name === 'to';

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
  // the day fields are typed as every date is shown (DD.MM.YYYY); the address keeps the API's YYYY-MM-DD
  const draftOf = (filters: AuditFilters): AuditFilters => ({
    ...filters,
    from: filters.from && inputOfDay(filters.from),
    to: filters.to && inputOfDay(filters.to),
  });
  const [draft, setDraft] = useState<AuditFilters>(() => draftOf(applied));
  const [badDay, setBadDay] = useState<DayFilter | null>(null);
  const billingOn = Boolean(useSiteSettings()?.billing);
  const [befores, setBefores] = useState<(number | undefined)[]>([undefined]);
  const [appliedKey, setAppliedKey] = useState(params.toString());
  if (appliedKey !== params.toString()) {
    // the filters changed (Apply, back/forward): start again from the newest page
    setAppliedKey(params.toString());
    setBefores([undefined]);
    setDraft(draftOf(applied));
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = draft[name]?.trim();
      if (!value) continue;
      const day = isDayFilter(name) ? dayOfInput(value) : value;
      if (day === null) {
        setBadDay(name as DayFilter);
        return;
      }
      next.set(name, day);
    }
    setBadDay(null);
    setParams(next);
  }

  const field = (name: (typeof FILTER_NAMES)[number]) => ({
    id: `audit-${name}`,
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => {
      setDraft((state) => ({ ...state, [name]: event.target.value }));
      if (badDay === name) setBadDay(null);
    },
  });
  const dayField = (name: DayFilter) => ({
    ...field(name),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    placeholder: 'DD.MM.YYYY',
    'aria-invalid': badDay === name ? (true as const) : undefined,
    'aria-describedby': badDay === name ? `audit-${name}-error` : undefined,
  });
  const dayError = (name: DayFilter) =>
    badDay === name && (
      <p className="field-error" id={`audit-${name}-error`}>
        A date like 28.11.2026 (DD.MM.YYYY)
      </p>
    );

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
            {eventTypeGroups(billingOn).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.types.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.text}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input {...dayField('from')} />
          {dayError('from')}
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input {...dayField('to')} />
          {dayError('to')}
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
