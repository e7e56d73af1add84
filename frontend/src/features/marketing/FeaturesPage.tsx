import type { BillingInterval } from '@vip/contracts';
import { configDefaults, serversPaths, statsPaths, yearlySavingPercent } from '@vip/contracts/plain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { groupedCount } from '../../app/counts.ts';
import { hoursText, minutesText } from '../../app/durations.ts';
import { type SiteSettings, useSiteSettings } from '../../app/siteConfig.ts';
import { ChartIcon, ChatIcon, ClockIcon, KeyIcon } from '../../components/icons.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { keyBotCommands, posterBotCommands } from './commands.ts';
import { IntervalSwitch } from './IntervalSwitch.tsx';
import { PricingCard } from './PricingCard.tsx';
import { buyPathOf, pricingTiersOf, soldYearly } from './pricing.ts';
import { usePolledJson } from './usePolledJson.ts';
import { goToSection, useReveal } from './useReveal.ts';
import './marketing.css';
import { IconCards } from '../../components/IconCards.tsx';

const refreshMs = configDefaults.statsRefreshSeconds * 1000;

/** /features: spec §2 landing page, with the durations and plans of the running product. */
export default function FeaturesPage() {
  const settings = useSiteSettings();
  // arriving at /features#pricing (the invite page's link): go there
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  }, []);

  if (!settings)
    return (
      <SiteLayout wide>
        <PageLoading />
      </SiteLayout>
    );
  return (
    <SiteLayout wide>
      <Hero settings={settings} />
      <ServerStrip />
      <FeatureSection settings={settings} />
      <CommandSection />
      <StatsBand />
      <PricingSection settings={settings} />
    </SiteLayout>
  );
}

function Hero({ settings }: { settings: SiteSettings }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-inner">
        <span className="vip-pill">Discord VIP access, done properly</span>
        <h1 id="hero-title">Reward your members with VIP keys they can trust</h1>
        <p className="hero-lead">
          Members generate a one-time key, redeem it in your server and get a VIP role for{' '}
          {minutesText(settings.vipRoleMinutes)}. No passwords, no spreadsheets, no guesswork.
        </p>
        <div className="hero-actions">
          <button type="button" className="button button-primary button-large" onClick={() => goToSection('features')}>
            Explore features
          </button>
          <button type="button" className="button button-ghost button-large" onClick={() => goToSection('pricing')}>
            See pricing
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * The five largest servers, looping (spec §2, §9). Nothing to show, nothing shown. The loop
 * needs a second copy of the list; it is there only when one copy is wider than the strip,
 * so that a site with one or two servers never shows a server twice side by side.
 */
function ServerStrip() {
  const guilds = usePolledJson(serversPaths.debugGuilds, refreshMs)?.guilds ?? [];
  const top = guilds.slice(0, configDefaults.topGuildsInStrip);
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [loops, setLoops] = useState(false);
  const shown = top.map((guild) => guild.id).join();
  // measured again whenever the servers shown change, and on every resize
  useLayoutEffect(() => {
    if (!shown) return;
    const measure = () => {
      const firstCopy = track.current?.querySelectorAll<HTMLElement>('.strip-item:not([aria-hidden])') ?? [];
      const width = [...firstCopy].reduce((total, item) => total + item.offsetWidth, 0);
      setLoops(width > (viewport.current?.clientWidth ?? Number.POSITIVE_INFINITY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [shown]);
  if (top.length === 0) return null;
  const item = (guild: (typeof top)[number], copy: string) => (
    <li key={`${copy}-${guild.id}`} className="strip-item" aria-hidden={copy === 'b' || undefined}>
      <span className="strip-name">{guild.name}</span>
      <span className="muted">{groupedCount(guild.memberCount)} members</span>
    </li>
  );
  return (
    <section className="strip" aria-label="Servers using VIP Access">
      <p className="strip-title">Trusted by growing communities</p>
      <div className="strip-viewport" ref={viewport}>
        {/* when it loops, the list twice so that the loop has no gap; the copy is hidden from assistive technology */}
        <ul className={loops ? 'strip-track strip-track-looping' : 'strip-track'} ref={track}>
          {top.map((guild) => item(guild, 'a'))}
          {loops && top.map((guild) => item(guild, 'b'))}
        </ul>
      </div>
    </section>
  );
}

const featureCards = ({ keyLifetimeHours }: SiteSettings) => [
  {
    icon: <KeyIcon />,
    title: 'One-time VIP keys',
    text: `Every key works once, for one server, and expires after ${hoursText(keyLifetimeHours)}. Only a fingerprint of it is stored.`,
  },
  {
    icon: <ClockIcon />,
    title: 'Automatic pings',
    text: `Remind members to grab their key every ${configDefaults.autoPingHours.min} to ${configDefaults.autoPingHours.max} hours, without lifting a finger.`,
  },
  {
    icon: <ChatIcon />,
    title: 'Custom greetings',
    text: 'Welcome new members in the channel of your choice, with their name and your member count.',
  },
  {
    icon: <ChartIcon />,
    title: 'Real statistics',
    text: 'Keys generated and redeemed per day, active VIPs and visitors, computed from the event log.',
  },
];

function FeatureSection({ settings }: { settings: SiteSettings }) {
  const ref = useRef<HTMLElement>(null);
  const revealed = useReveal(ref, 100);
  return (
    <section
      id="features"
      ref={ref}
      tabIndex={-1}
      className={`section reveal ${revealed ? 'is-revealed' : ''}`}
      aria-labelledby="features-title"
    >
      <h2 id="features-title">Everything your VIP program needs</h2>
      <IconCards cards={featureCards(settings)} kind="feature" />
    </section>
  );
}

function CommandSection() {
  return (
    <section className="section" aria-labelledby="commands-title">
      <h2 id="commands-title">Bot commands</h2>
      <div className="command-columns">
        <div>
          <h3>VIP Access bot</h3>
          <CommandList commands={keyBotCommands} />
        </div>
        <div>
          <h3>Poster bot</h3>
          <CommandList commands={posterBotCommands} />
        </div>
      </div>
    </section>
  );
}

function CommandList({ commands }: { commands: readonly { name: string; args?: string; text: string }[] }) {
  return (
    <dl className="command-list">
      {commands.map((command) => (
        <div key={command.name} className="command">
          <dt>
            <code>{command.name}</code>
            {command.args && <span className="command-args"> {command.args}</span>}
          </dt>
          <dd className="muted">{command.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Spec §8: public figures fall back to 0 when they cannot be read. */
function StatsBand() {
  const data = usePolledJson(statsPaths.public, refreshMs);
  const figures = [
    { label: 'Active users', value: data?.activeUsers ?? 0 },
    { label: 'Keys generated', value: data?.keysGenerated ?? 0 },
    { label: 'Servers protected', value: data?.serversProtected ?? 0 },
  ];
  return (
    <section className="stats-band" aria-label="VIP Access in numbers">
      <dl className="stats-band-inner">
        {figures.map(({ label, value }) => (
          <div key={label} className="stats-figure">
            <dd data-figure={label}>{groupedCount(value)}</dd>
            <dt>{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PricingSection({ settings }: { settings: SiteSettings }) {
  const ref = useRef<HTMLElement>(null);
  const revealed = useReveal(ref, 800);
  const [interval, setInterval] = useState<BillingInterval>('month');
  const { billing } = settings;
  const bestSaving = Math.max(
    0,
    ...(billing?.plans ?? []).map((plan) => yearlySavingPercent(billing!.offers, plan) ?? 0),
  );
  return (
    <section
      id="pricing"
      ref={ref}
      tabIndex={-1}
      className={`section reveal ${revealed ? 'is-revealed' : ''}`}
      aria-labelledby="pricing-title"
    >
      <h2 id="pricing-title">Simple pricing</h2>
      <p className="muted section-lead">
        Every plan includes one-time keys, greetings and the admin panel.
        {billing ? '' : ' Prices per month.'}
      </p>
      {soldYearly(billing) && <IntervalSwitch interval={interval} onChange={setInterval} saving={bestSaving || null} />}
      <div className="pricing-grid">
        {pricingTiersOf(settings.plans, billing, interval).map((tier) => (
          <PricingCard
            key={tier.name}
            tier={tier}
            action={
              <Link
                className={
                  tier.mostPopular ? 'button button-primary button-block' : 'button button-secondary button-block'
                }
                // bought online where Stripe sells it; else the same page says how this site gives
                // it (both through sign-in, whose page says how to get an account)
                to={buyPathOf(billing, tier.name, tier.per) ?? `/buy/${encodeURIComponent(tier.name.toLowerCase())}`}
              >
                Get {tier.name}
              </Link>
            }
          />
        ))}
      </div>
    </section>
  );
}
