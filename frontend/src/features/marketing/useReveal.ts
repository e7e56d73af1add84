import { type RefObject, useEffect, useState } from 'react';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Spec §2 landing: a section fades in once the page is scrolled past `scrollY` pixels. It
 * also appears when it comes on screen (a tall window never scrolls that far), when the
 * address points at it (#pricing), and at once for readers who prefer reduced motion.
 * Nothing here reads layout while the page is being built: an IntersectionObserver says what
 * is on screen, and scrollY is read only in scroll events (reading positions at mount forced a
 * layout of the whole page inside the first render's task).
 */
export function useReveal(ref: RefObject<HTMLElement | null>, scrollY: number): boolean {
  const [revealed, setRevealed] = useState(() => prefersReducedMotion());
  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    if (element.id && window.location.hash === `#${element.id}`) {
      setRevealed(true);
      return;
    }
    const reveal = () => setRevealed(true);
    const onScroll = () => {
      if (window.scrollY > scrollY) reveal();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: '0px 0px -80px 0px' },
    );
    observer.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ref, scrollY, revealed]);
  return revealed;
}

/** Scrolls a section into view and moves focus to it, so keyboard and screen-reader users follow. */
export function goToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
}
