import type { ServerInfoResponse } from '@vip/contracts';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { formatDate } from '../../lib/dates.ts';

/**
 * An admin suspended the owner's server: the owner reads it on the server's card, with the
 * admin's reason, what it stops and whom to ask. Contact support links only to a support
 * address the product has; without one, the owner is told who decides.
 */
export function SuspensionNotice({ suspension }: { suspension: NonNullable<ServerInfoResponse['suspension']> }) {
  const supportUrl = safeExternalUrl(useSiteSettings()?.supportUrl);
  return (
    <div className="banner banner-error suspension-notice" role="alert">
      <strong>Suspended by an admin on {formatDate(suspension.suspendedAt)}.</strong>{' '}
      <span>Reason: {suspension.reason}</span>
      <p>
        Members cannot get or redeem keys for this server until the suspension is lifted.{' '}
        {supportUrl ? (
          <a href={supportUrl} target="_blank" rel="noopener noreferrer">
            Contact support
          </a>
        ) : (
          'Only the admins of this site can lift it: ask them'
        )}{' '}
        if you think this is a mistake.
      </p>
    </div>
  );
}
