import type { ServerInfoResponse } from '@vip/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { groupedCount } from '../../app/counts.ts';
import { hoursText, minutesText } from '../../app/durations.ts';
import { type SiteSettings, safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { visitorTexts } from '../../app/visitorTexts.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ServerIcon } from '../../components/ServerIcon.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { KeyGenerator } from './KeyGenerator.tsx';
import { keysApi, newPageLoadId } from './keysApi.ts';
import { BotNotInServer } from './LinkProblems.tsx';
import { Restricted } from './RestrictedPage.tsx';
import { useServerInfo } from './useServerInfo.ts';
import './keys.css';
import { IconCards } from '../../components/IconCards.tsx';

type KeyPageTab = 'generator' | 'about';
const tabs = [
  { id: 'generator', label: 'Key Generator' },
  { id: 'about', label: 'VIP Benefits' },
] as const;

/** Spec §2 key generator page, for a server id (/key/:serverId) or a validated hash (/gen). */
export function KeyPage({ serverId, hash }: { serverId: string; hash?: string }) {
  const [attempt, setAttempt] = useState(0);
  const info = useServerInfo(serverId, attempt);
  const settings = useSiteSettings();
  const [tab, setTab] = useState<KeyPageTab>('generator');
  // suspended while the page was open: generating said so
  const [suspendedMessage, setSuspendedMessage] = useState<string | null>(null);
  // one load of this page, whichever of its visit calls the server records (and in StrictMode's second run)
  const [pageLoadId] = useState(newPageLoadId);

  // Visit counters (decisions.md §3: counted, never used to trick anyone).
  useEffect(() => {
    keysApi.trackVisit(serverId, pageLoadId);
  }, [serverId, pageLoadId]);

  let content: ReactNode;
  if (info.status === 'loading' || !settings) {
    content = <PageLoading label={visitorTexts.loadingServer} />;
  } else if (info.status === 'restricted' || suspendedMessage) {
    content = <Restricted message={suspendedMessage ?? (info.status === 'restricted' ? info.message : undefined)} />;
  } else if (info.status === 'botMissing') {
    content = <BotNotInServer inviteUrl={info.inviteUrl} message={info.message} />;
  } else if (info.status === 'failed') {
    content = (
      <section className="card state-card" role="alert">
        <h1>{info.message}</h1>
        <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
          Try Again
        </button>
      </section>
    );
  } else {
    const { server } = info;
    content = (
      <>
        <ServerBanner server={server} />
        <Tabs label="Key page" tabs={tabs} selected={tab} onSelect={setTab} className="key-tabs">
          {/* both stay mounted: a key generated through a one-time link must survive a look at the benefits */}
          <div className="key-grid" hidden={tab !== 'generator'}>
            <div className="key-main">
              <KeyGenerator
                serverId={server.id}
                hash={hash}
                sponsorUrl={sponsorUrlOf(server)}
                keyLifetimeHours={settings.keyLifetimeHours}
                onSuspended={setSuspendedMessage}
              />
              <Instructions />
            </div>
            <div className="key-side">
              <ServerPreview server={server} />
              <InfoList title="What you get" items={benefitSummary(settings)} />
              <InfoList title="Safe and secure" items={securityPoints(settings)} />
            </div>
          </div>
          {tab === 'about' && <VipBenefits settings={settings} />}
        </Tabs>
      </>
    );
  }

  return (
    <SiteLayout>
      <div className="key-page">{content}</div>
    </SiteLayout>
  );
}

/** The sponsor step (decisions.md §3) as the server decided it: the server's own or the site's, none when premium. */
function sponsorUrlOf(server: ServerInfoResponse): string | undefined {
  return server.noAds ? undefined : safeExternalUrl(server.sponsorUrl);
}

function ServerBanner({ server }: { server: ServerInfoResponse }) {
  return (
    <header className="server-banner">
      <ServerIcon id={server.id} name={server.name} icon={server.icon} size={72} />
      <div className="server-banner-text">
        <span className="vip-badge">VIP Access</span>
        <h1>{server.name}</h1>
        <p className="muted">{groupedCount(server.memberCount)} members</p>
      </div>
    </header>
  );
}

function Instructions() {
  return (
    <section className="card" aria-labelledby="instructions-title">
      <h2 id="instructions-title">How to redeem your key</h2>
      <ol className="steps">
        <li>
          <strong>Copy the key</strong> with the Copy button.
        </li>
        <li>
          <strong>Return to Discord</strong> and open the server.
        </li>
        <li>
          <strong>Click Redeem Key</strong> on the bot's message.
        </li>
        <li>
          <strong>Paste the key</strong> and submit it: your VIP role arrives at once.
        </li>
      </ol>
    </section>
  );
}

function ServerPreview({ server }: { server: ServerInfoResponse }) {
  return (
    <section className="card server-preview" aria-labelledby="preview-title">
      <h2 id="preview-title" className="visually-hidden">
        Server
      </h2>
      <ServerIcon id={server.id} name={server.name} icon={server.icon} size={48} />
      <div className="server-preview-text">
        <strong>{server.name}</strong>
        <span className="muted server-id">ID: {server.id}</span>
      </div>
    </section>
  );
}

const benefitSummary = ({ vipRoleMinutes }: SiteSettings) => [
  'A special VIP role in the server',
  'Access to exclusive channels',
  `VIP for ${minutesText(vipRoleMinutes)} per key`,
];
const securityPoints = ({ keyLifetimeHours }: SiteSettings) => [
  'Each key works once, for this server only',
  `Keys expire after ${hoursText(keyLifetimeHours)}`,
  'Only a fingerprint of your key is stored',
  'We never ask for your Discord password',
];

function InfoList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <ul className="check-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

const vipBenefits = ({ vipRoleMinutes }: SiteSettings) => [
  { icon: '★', title: 'Premium content', text: 'Posts and media reserved for VIP members.' },
  {
    icon: '♛',
    title: 'Special role',
    text: `A VIP role with its own colour, for ${minutesText(vipRoleMinutes)} per key.`,
  },
  { icon: '⚑', title: 'Priority support', text: 'Your questions are answered first by the moderators.' },
  { icon: '#', title: 'Exclusive channels', text: 'Channels only VIP members can see and talk in.' },
  { icon: '⚡', title: 'Early access', text: 'Try new features and events before everyone else.' },
  { icon: '♥', title: 'Community recognition', text: 'Stand out in the member list as a supporter.' },
];

function VipBenefits({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title">VIP Benefits</h2>
      <IconCards cards={vipBenefits(settings)} kind="benefit" />
    </section>
  );
}
