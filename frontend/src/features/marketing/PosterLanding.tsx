import { Link } from 'react-router';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { FilmIcon, HashIcon, LayersIcon, LinkIcon } from '../../components/icons.tsx';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { AddToDiscord } from './AddToDiscord.tsx';
import { posterBotCommands } from './commands.ts';
import { PricingCard } from './PricingCard.tsx';
import { posterPlanTier } from './pricing.ts';
import './marketing.css';
import { IconCards } from '../../components/IconCards.tsx';

const features = [
  {
    icon: <FilmIcon />,
    title: 'Post videos',
    text: 'Share a video with a title, a thumbnail and a link button in one command.',
  },
  {
    icon: <LayersIcon />,
    title: 'Video library',
    text: 'Everything you posted stays in a library you can browse and re-post from.',
  },
  {
    icon: <HashIcon />,
    title: 'Any channel',
    text: 'Pick the channel per post, so every topic lands where it belongs.',
  },
  { icon: <LinkIcon />, title: 'Link buttons', text: 'Every post carries a clear button that says where it leads.' },
];

/** The poster bot's landing page (spec §2), at /poster and at / on a poster.* host. */
export default function PosterLanding() {
  const settings = useSiteSettings();
  return (
    <SiteLayout>
      <div className="poster-page">
        <section className="hero hero-compact" aria-labelledby="poster-title">
          <div className="hero-inner">
            <span className="vip-pill">Poster bot</span>
            <h1 id="poster-title">Post videos to Discord in one command</h1>
            <p className="hero-lead">Share, organise and re-post your videos without leaving Discord.</p>
            <div className="hero-actions">
              {settings && (
                <AddToDiscord bot={settings.posterBot} botName="Poster bot" noteId="poster-bot-invite-note" />
              )}
            </div>
          </div>
        </section>
        <section className="section" aria-labelledby="poster-features-title">
          <h2 id="poster-features-title">Features</h2>
          <IconCards cards={features} kind="feature" />
        </section>
        <div className="poster-bottom">
          <section className="card" aria-labelledby="poster-commands-title">
            <h2 id="poster-commands-title">Commands</h2>
            <dl className="command-list">
              {posterBotCommands.map((command) => (
                <div key={command.name} className="command">
                  <dt>
                    <code>{command.name}</code>
                  </dt>
                  <dd className="muted">{command.text}</dd>
                </div>
              ))}
            </dl>
          </section>
          {settings && (
            <PricingCard
              tier={posterPlanTier(settings.posterPlan)}
              action={
                // sold by the site's team: on its support server where there is one, else the way to an account
                settings.supportUrl ? (
                  <a
                    className="button button-primary button-block"
                    href={settings.supportUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Get the {settings.posterPlan.name} Plan
                  </a>
                ) : (
                  <Link className="button button-primary button-block" to="/login#get-an-account">
                    Get the {settings.posterPlan.name} Plan
                  </Link>
                )
              }
            />
          )}
        </div>
      </div>
    </SiteLayout>
  );
}
