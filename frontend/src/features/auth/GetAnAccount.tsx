import { Link } from 'react-router';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { useGetDiscordSignInQuery } from '../discord/discordApi.ts';

/**
 * "New here?" under the sign-in form: the way to an account this site really offers. Where
 * Discord sign-up is open, the Discord button above makes one; otherwise accounts are given
 * by the site's team, reached through the support link when there is one. Never a link to a
 * contact that is not configured.
 */
export function GetAnAccount() {
  const settings = useSiteSettings();
  const { data: discord } = useGetDiscordSignInQuery();
  const supportUrl = safeExternalUrl(settings?.supportUrl);
  const discordSignUp = discord?.enabled === true && discord.signUp === 'open';
  return (
    <section className="card get-an-account" id="get-an-account" aria-labelledby="get-an-account-title">
      <h2 id="get-an-account-title">New here?</h2>
      {discordSignUp ? (
        <p>
          Press <strong>Sign in with Discord</strong> above: your account is made the first time you sign in, and you
          can add your servers right away.
        </p>
      ) : supportUrl ? (
        <p>
          Accounts on this site are given by its team.{' '}
          <a href={supportUrl} target="_blank" rel="noopener noreferrer">
            Ask for one on the support server
          </a>
          .
        </p>
      ) : (
        <p>Accounts on this site are made by the admin who runs it: ask them for one.</p>
      )}
      <p className="muted">
        <Link to="/features">What it does</Link> · <Link to="/features#pricing">Pricing</Link> ·{' '}
        <Link to="/invite">Invite the bots</Link>
      </p>
    </section>
  );
}
