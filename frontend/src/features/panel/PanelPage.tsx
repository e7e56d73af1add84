import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SignedInLayout } from '../../components/SignedInLayout.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { AnalyticsTab } from '../analytics/AnalyticsTab.tsx';
import { AnnouncementsSidebar } from '../announcements/AnnouncementsSidebar.tsx';
import { GreetingsTab } from '../greetings/GreetingsTab.tsx';
import { ServersTab } from '../servers/ServersTab.tsx';
import { PlanNotice } from '../subscriptions/PlanNotice.tsx';
import { SubscriptionTab } from '../subscriptions/SubscriptionTab.tsx';
import { VerificationMessageTab } from '../verification-message/VerificationMessageTab.tsx';
import './panel.css';

const tabs = [
  { id: 'servers', label: 'Servers' },
  { id: 'greetings', label: 'Greetings' },
  { id: 'verification', label: 'Verification message' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'subscription', label: 'Subscription' },
] as const;
type PanelTab = (typeof tabs)[number]['id'];

/** /panel (spec §2): the Server Manager, with the announcements sidebar on the right. */
export default function PanelPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // the tab lives in the address, so that a reload or a shared link opens the same one
  const tab: PanelTab = tabs.some(({ id }) => id === asked) ? (asked as PanelTab) : 'servers';
  const [sidebarOpen, setSidebarOpen] = useState(true);

  return (
    <SignedInLayout mode="panel" wide>
      <div className={sidebarOpen ? 'panel-layout' : 'panel-layout sidebar-collapsed'}>
        <section className="panel-main" aria-labelledby="server-manager-title">
          <h1 id="server-manager-title">Server Manager</h1>
          <PlanNotice />
          <Tabs
            label="Server Manager"
            tabs={tabs}
            selected={tab}
            onSelect={(next) => setParams(next === 'servers' ? {} : { tab: next }, { replace: true })}
          >
            {tab === 'servers' && <ServersTab />}
            {tab === 'greetings' && <GreetingsTab />}
            {tab === 'verification' && <VerificationMessageTab />}
            {tab === 'analytics' && <AnalyticsTab />}
            {tab === 'subscription' && <SubscriptionTab />}
          </Tabs>
        </section>
        <AnnouncementsSidebar open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} />
      </div>
    </SignedInLayout>
  );
}
