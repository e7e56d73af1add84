import type { ReactNode } from 'react';
import type { PricingTier } from './pricing.ts';

export function PricingCard({ tier, action }: { tier: PricingTier; action: ReactNode }) {
  const titleId = `tier-${tier.name.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <article
      className={tier.mostPopular ? 'card price-card price-card-popular' : 'card price-card'}
      aria-labelledby={titleId}
    >
      {tier.mostPopular && <span className="popular-badge">Most popular</span>}
      <h3 id={titleId}>{tier.name}</h3>
      <p className="price">
        <span className="price-amount">{tier.priceText}</span>
        <span className="muted"> / {tier.per}</span>
      </p>
      {tier.saving && <p className="badge badge-success price-saving">{tier.saving}</p>}
      <ul className="price-features">
        {tier.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {action}
    </article>
  );
}
