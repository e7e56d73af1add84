import { useSiteSettings } from '../../app/siteConfig.ts';

/**
 * The support server's invite, when the operator gave one (SUPPORT_URL). Without one, the
 * compact form (a bot card's button) is disabled; the full form says what is missing.
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
  if (compact) {
    return (
      <button type="button" className="button button-ghost" disabled title="The support server link is not configured">
        Support server
      </button>
    );
  }
  return (
    <span className="field-hint">
      The support server link is not configured on this site yet (SUPPORT_URL is not set).
    </span>
  );
}
