import { siteConfig } from '../../app/siteConfig.ts';

/** The support server's invite, when the operator gave one (VITE_SUPPORT_URL). */
export function SupportLink({ className = 'button button-ghost' }: { className?: string }) {
  if (!siteConfig.supportUrl) {
    return (
      <span className="field-hint" id="support-missing">
        The support server link is not configured on this site yet (VITE_SUPPORT_URL is not set).
      </span>
    );
  }
  return (
    <a className={className} href={siteConfig.supportUrl} target="_blank" rel="noopener noreferrer">
      Join the support server
    </a>
  );
}
