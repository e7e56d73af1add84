/**
 * decisions.md §3: the optional sponsor step. It exists only when an operator configured a
 * sponsor address, says exactly where it leads, opens it in a new tab, and is never required
 * and never triggered by anything but its own link.
 */
export function SponsorCheckpoint({ sponsorUrl }: { sponsorUrl?: string }) {
  if (!sponsorUrl) return null;
  let host: string;
  try {
    host = new URL(sponsorUrl).host;
  } catch {
    return null;
  }
  return (
    <aside className="sponsor-checkpoint" aria-labelledby="sponsor-title">
      <h3 id="sponsor-title">Optional: support this server</h3>
      <p className="muted">
        This server is kept free by a sponsor. Visiting it is optional and does not affect your key.
      </p>
      <a className="button button-secondary" href={sponsorUrl} target="_blank" rel="noopener noreferrer sponsored">
        Continue via sponsor — opens {host} in a new tab
      </a>
    </aside>
  );
}
