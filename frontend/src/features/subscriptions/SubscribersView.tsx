import type { SubscribersResponse } from '@vip/contracts';
import { useState } from 'react';
import { adminTexts } from '../../app/texts.ts';
import { ListSearch } from '../../components/ListSearch.tsx';
import { QueryResult } from '../../components/QueryResult.tsx';
import { CreateSubscriberForm } from './CreateSubscriberForm.tsx';
import { useOneTimePasswords } from './OneTimePasswords.tsx';
import { AccountWithoutPlanRow, SubscriberRow } from './SubscriberRow.tsx';

type Passwords = ReturnType<typeof useOneTimePasswords>;

import { useGetSubscribersQuery } from './subscriptionsApi.ts';

const nobody = (data: SubscribersResponse) => data.subscribers.length === 0 && (data.withoutPlan ?? []).length === 0;

/**
 * The admin's subscribers: their plans, with extend, end and a password reset per card, 50 a
 * page (newest first) with "Load more" and a search by name, user id or Discord id, then the
 * accounts without a plan. A generated password stays on its subscriber's card until
 * dismissed, however many subscribers are created after it.
 */
export function SubscribersView() {
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [afters, setAfters] = useState<(string | undefined)[]>([undefined]);
  const passwords = useOneTimePasswords();
  return (
    <div className="subscribers-layout">
      <section aria-labelledby="subscribers-title">
        <div className="section-header">
          <h2 id="subscribers-title">Subscribers</h2>
        </div>
        <ListSearch
          label="Search the subscribers"
          placeholder="A name, a user id or a Discord id"
          onSearch={(text) => {
            setSearch(text);
            setAfters([undefined]);
          }}
        />
        {afters.map((after, index) => (
          <SubscribersPage
            key={after ?? 'newest'}
            search={search}
            after={after}
            last={index === afters.length - 1}
            onMore={(next) => setAfters((list) => [...list, next])}
            passwords={passwords}
          />
        ))}
        <WithoutPlan search={search} passwords={passwords} />
      </section>
      <CreateSubscriberForm onCreated={(id, handed) => passwords.show(id, handed)} />
    </div>
  );
}

/** One page of subscribers (the newest, or the one after `after`), with "Load more" under the last. */
function SubscribersPage({
  search,
  after,
  last,
  onMore,
  passwords,
}: {
  search: string | undefined;
  after: string | undefined;
  last: boolean;
  onMore: (after: string) => void;
  passwords: Passwords;
}) {
  const query = useGetSubscribersQuery({ search, after });
  return (
    <QueryResult
      query={query}
      loading="Loading subscribers..."
      failed={adminTexts.failedToLoadSubscribers}
      empty={search === undefined ? adminTexts.noSubscribers : 'No subscriber matches this search'}
      // a later page may come back empty (the earlier ones ended exactly there): nothing to say then
      isEmpty={(page) => after === undefined && nobody(page)}
    >
      {({ subscribers, nextAfter }) => (
        <>
          <ul className="subscriber-list">
            {subscribers.map((subscriber) => (
              <SubscriberRow key={subscriber.id} subscriber={subscriber} passwords={passwords} />
            ))}
          </ul>
          {last && nextAfter !== null && (
            <button type="button" className="button button-secondary load-more" onClick={() => onMore(nextAfter)}>
              Load more
            </button>
          )}
        </>
      )}
    </QueryResult>
  );
}

/** The accounts without a plan: the first page's answer carries them (the same request, asked once). */
function WithoutPlan({ search, passwords }: { search: string | undefined; passwords: Passwords }) {
  const { data } = useGetSubscribersQuery({ search });
  const withoutPlan = data?.withoutPlan ?? [];
  if (withoutPlan.length === 0) return null;
  return (
    <>
      <h3 id="without-plan-title" className="subscriber-group-title">
        Accounts without a plan
      </h3>
      <ul className="subscriber-list" aria-labelledby="without-plan-title">
        {withoutPlan.map((account) => (
          <AccountWithoutPlanRow key={account.id} account={account} passwords={passwords} />
        ))}
      </ul>
    </>
  );
}
