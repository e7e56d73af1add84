import type { ReactNode } from 'react';

export interface IconCard {
  icon: ReactNode;
  title: string;
  text: string;
}

/**
 * A grid of cards with an icon, a title and a line of text: the landing page's features,
 * the poster bot's features and the key page's VIP benefits. `kind` picks the styling of
 * the page it sits on (feature-* in marketing.css, benefit-* in keys.css).
 */
export function IconCards({ cards, kind }: { cards: readonly IconCard[]; kind: 'feature' | 'benefit' }) {
  return (
    <ul className={`${kind}-grid`}>
      {cards.map(({ icon, title, text }) => (
        <li key={title} className={`card ${kind}-card`}>
          <span className={`${kind}-icon`} aria-hidden="true">
            {icon}
          </span>
          <h3>{title}</h3>
          <p className="muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
