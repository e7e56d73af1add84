import { useSiteSettings } from '../../app/siteConfig.ts';

/**
 * The support server's invite, when the operator gave one. Without one there is nothing to
 * offer: no button, and no word to a visitor about the site's settings.
 */
export function SupportLink({ compact = false }: { compact?: boolean }) {
  const supportUrl = useSiteSettings()?.supportUrl;
  if (supportUrl) {
    return (
      <a className="button button-ghost" href={supportUrl} target="_blank" rel="noopener noreferrer">
        {compact ? 'Support server' : 'Join the support server'}
      </a>
    );
  }
  return null;
}
