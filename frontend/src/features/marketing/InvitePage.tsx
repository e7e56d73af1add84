import { Link } from 'react-router';
import { type SiteSettings, useSiteSettings } from '../../app/siteConfig.ts';
import { BotIcon, FilmIcon } from '../../components/icons.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { AddToDiscord } from './AddToDiscord.tsx';
import { SupportLink } from './SupportLink.tsx';
import './marketing.css';

const bots = (settings: SiteSettings) => [
  {
    id: 'key-bot',
    name: 'VIP Access bot',
    icon: <BotIcon size={32} />,
    invite: settings.keyBot,
    text: 'One-time VIP keys, key verification, automatic pings, greetings and redemption logs.',
    points: [
      'Key generation and verification',
      'Auto ping every 1–12 hours',
      'Greetings for new members',
      'Redemption logging',
    ],
  },
  {
    id: 'poster-bot',
    name: 'Poster bot',
    icon: <FilmIcon size={32} />,
    invite: settings.posterBot,
    text: 'Post videos with a title and a link button, and re-post anything from your library.',
    points: [
      '/postvideo to any channel',
      '/videos library',
      'Link buttons',
      `Up to ${settings.posterPlan.serverSlots} servers on the ${settings.posterPlan.name} plan`,
    ],
  },
];

/** /invite (spec §2): the two bots, each with its add link, premium features and support. */
export default function InvitePage() {
  const settings = useSiteSettings();
  if (!settings)
    return (
      <SiteLayout>
        <PageLoading />
      </SiteLayout>
    );
  return (
    <SiteLayout>
      <div className="invite-page">
        <header className="page-intro">
          <h1>Invite our bots</h1>
          <p className="muted">Add the bots to a server where you have the Manage Server permission.</p>
        </header>
        <div className="bot-grid">
          {bots(settings).map((bot) => (
            <article key={bot.id} className="card bot-card" aria-labelledby={`${bot.id}-title`}>
              <span className="bot-avatar" aria-hidden="true">
                {bot.icon}
              </span>
              <h2 id={`${bot.id}-title`}>{bot.name}</h2>
              <p className="muted">{bot.text}</p>
              <ul className="check-list">
                {bot.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <div className="bot-actions">
                <AddToDiscord bot={bot.invite} botName={bot.name} noteId={`${bot.id}-invite-note`} />
                <Link className="button button-secondary" to="/features#pricing">
                  Premium features
                </Link>
                <SupportLink compact />
              </div>
            </article>
          ))}
        </div>
        {/* only a support server that exists is offered */}
        {settings.supportUrl && (
          <section id="support" className="card support-card" aria-labelledby="support-title" tabIndex={-1}>
            <h2 id="support-title">Need help?</h2>
            <p className="muted">Questions about setup, plans or your keys: the support server is the place to ask.</p>
            <SupportLink />
          </section>
        )}
      </div>
    </SiteLayout>
  );
}
