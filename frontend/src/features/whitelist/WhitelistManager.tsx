import type { WhitelistEntryView } from '@vip/contracts';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { whitelistTexts } from '../../app/texts.ts';
import { ListSearch } from '../../components/ListSearch.tsx';
import { QueryResult } from '../../components/QueryResult.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { AddEntryModal } from './AddEntryModal.tsx';
import { useGetWhitelistQuery, useRemoveWhitelistEntryMutation } from './whitelistApi.ts';

const durationLabel: Record<WhitelistEntryView['duration'], string> = {
  lifetime: 'No end',
  days: 'Days',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/**
 * Spec §2 Whitelist Manager: entries grouped by user, each user row collapsible, 50 entries a
 * page (newest first) with "Load more", and a search by Discord user or server id, or by a
 * server's name, as the audit trail pages.
 */
export function WhitelistManager() {
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [afters, setAfters] = useState<(string | undefined)[]>([undefined]);

  return (
    <section aria-labelledby="whitelist-title">
      <div className="section-header">
        <h2 id="whitelist-title">Whitelist Entries</h2>
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          Add Entry
        </button>
      </div>
      <ListSearch
        label="Search the whitelist"
        placeholder="Discord user or server id, or a server's name"
        onSearch={(text) => {
          setSearch(text);
          setAfters([undefined]);
        }}
      />
      {afters.map((after, index) => (
        <WhitelistPage
          key={after ?? 'newest'}
          search={search}
          after={after}
          last={index === afters.length - 1}
          onMore={(next) => setAfters((list) => [...list, next])}
        />
      ))}
      {adding && <AddEntryModal onClose={() => setAdding(false)} />}
    </section>
  );
}

/** One page of entries (the newest, or the one after `after`), with "Load more" under the last. */
function WhitelistPage({
  search,
  after,
  last,
  onMore,
}: {
  search: string | undefined;
  after: string | undefined;
  last: boolean;
  onMore: (after: string) => void;
}) {
  const query = useGetWhitelistQuery({ search, after });
  const users = useMemo(() => groupByUser(query.data?.whitelists ?? []), [query.data]);
  return (
    <QueryResult
      query={query}
      loading="Loading whitelist..."
      failed={whitelistTexts.failedToLoad}
      empty={search === undefined ? whitelistTexts.empty : 'No whitelist entries match this search'}
      // a later page may come back empty (the earlier ones ended exactly there): nothing to say then
      isEmpty={(page) => after === undefined && page.whitelists.length === 0}
    >
      {(page) => (
        <>
          <WhitelistUsers users={users} />
          {last && page.nextAfter !== null && (
            <button
              type="button"
              className="button button-secondary load-more"
              onClick={() => page.nextAfter !== null && onMore(page.nextAfter)}
            >
              Load more
            </button>
          )}
        </>
      )}
    </QueryResult>
  );
}

/** One collapsible row per user, listing the servers they are whitelisted on. */
function WhitelistUsers({ users }: { users: [string, WhitelistEntryView[]][] }) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  return (
    <ul className="whitelist-users">
      {users.map(([userId, entries]) => {
        const open = Boolean(expanded[userId]);
        const panelId = `whitelist-user-${userId}`;
        return (
          <li key={userId} className="card whitelist-user">
            <button
              type="button"
              className="whitelist-user-toggle"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setExpanded((state) => ({ ...state, [userId]: !open }))}
            >
              <span className="chevron" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              <span className="whitelist-user-id">
                <span className="muted">User</span> {userId}
              </span>
              <span className="badge badge-accent">
                {entries.length} server{entries.length === 1 ? '' : 's'}
              </span>
            </button>
            <ul id={panelId} className="whitelist-servers" hidden={!open}>
              {entries.map((entry) => (
                <WhitelistServerRow key={entry.guildId} entry={entry} />
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function WhitelistServerRow({ entry }: { entry: WhitelistEntryView }) {
  const [remove, { isLoading }] = useRemoveWhitelistEntryMutation();
  async function handleRemove() {
    try {
      const answer = await remove({ userId: entry.userId, guildId: entry.guildId }).unwrap();
      toast.success(answer.message || whitelistTexts.entryRemoved);
    } catch (failure) {
      toast.error(errorTextOf(failure, whitelistTexts.failedToRemove));
    }
  }
  return (
    <li className="whitelist-server">
      <div className="whitelist-server-text">
        <span>
          <span className="muted">Server</span> <span className="mono">{entry.guildId}</span>
        </span>
        <span className="muted">
          {durationLabel[entry.duration]} ·{' '}
          {entry.expiresAt ? `expires ${formatDate(entry.expiresAt)}` : 'never expires'}
        </span>
      </div>
      <button
        type="button"
        className="button button-danger button-small"
        onClick={handleRemove}
        disabled={isLoading}
        aria-label={`Remove server ${entry.guildId} of user ${entry.userId}`}
      >
        {isLoading ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}

function groupByUser(entries: WhitelistEntryView[]): [string, WhitelistEntryView[]][] {
  const users = new Map<string, WhitelistEntryView[]>();
  for (const entry of entries) {
    const list = users.get(entry.userId) ?? [];
    list.push(entry);
    users.set(entry.userId, list);
  }
  return [...users.entries()];
}
