import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import './marketing.css';

export const LEGAL_LAST_UPDATED = 'March 28, 2025';

/** The frame of /privacy and /terms (spec §2): static text, the date it last changed, a way back to /invite. */
export function LegalPage({
  title,
  updated = LEGAL_LAST_UPDATED,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <SiteLayout>
      <article className="legal" aria-labelledby="legal-title">
        <Link to="/invite" className="back-link">
          ← Back to invite page
        </Link>
        <h1 id="legal-title">{title}</h1>
        <p className="muted">Last updated {updated}</p>
        {children}
      </article>
    </SiteLayout>
  );
}
