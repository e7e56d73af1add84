import type { SubscribersResponse } from '@vip/contracts';
import { adminTexts } from '../../app/texts.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { CreateSubscriberForm } from './CreateSubscriberForm.tsx';
import { useOneTimePasswords } from './OneTimePasswords.tsx';
import { AccountWithoutPlanRow, SubscriberRow } from './SubscriberRow.tsx';
import { useGetSubscribersQuery } from './subscriptionsApi.ts';

const nobody = (data: SubscribersResponse) => data.subscribers.length === 0 && (data.withoutPlan ?? []).length === 0;

/**
 * The admin's subscribers: their plans, with extend, end and a password reset per card, then
 * the accounts without a plan. A generated password stays on its subscriber's card until
 * dismissed, however many subscribers are created after it.
 */
export function SubscribersView() {
  const query = useGetSubscribersQuery();
  const { data } = query;
  const passwords = useOneTimePasswords();
  return (
    <div className="subscribers-layout">
      <section aria-labelledby="subscribers-title">
        <div className="section-header">
          <h2 id="subscribers-title">
            Subscribers {data && <span className="count-badge">{data.subscribers.length}</span>}
          </h2>
        </div>
        <QueryResult
          query={query}
          loading="Loading subscribers..."
          failed={adminTexts.failedToLoadSubscribers}
          empty={adminTexts.noSubscribers}
          isEmpty={nobody}
        >
          {({ subscribers, withoutPlan = [] }) => (
            <>
              <ul className="subscriber-list">
                {subscribers.map((subscriber) => (
                  <SubscriberRow key={subscriber.id} subscriber={subscriber} passwords={passwords} />
                ))}
              </ul>
              {withoutPlan.length > 0 && (
                <>
                  <h3 id="without-plan-title" className="subscriber-group-title">
                    Accounts without a plan <span className="count-badge">{withoutPlan.length}</span>
                  </h3>
                  <ul className="subscriber-list" aria-labelledby="without-plan-title">
                    {withoutPlan.map((account) => (
                      <AccountWithoutPlanRow key={account.id} account={account} passwords={passwords} />
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </QueryResult>
      </section>
      <CreateSubscriberForm onCreated={(id, handed) => passwords.show(id, handed)} />
    </div>
  );
}
