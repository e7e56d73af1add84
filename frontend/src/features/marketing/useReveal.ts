import { useEffect, useState, type RefObject } from 'react';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Spec §2 landing: a section fades in once the page is scrolled past `scrollY` pixels. It
 * also appears when it is already on screen (a tall window never scrolls that far), when the
 * address points at it (#pricing), and at once for readers who prefer reduced motion.
 */
export function useReveal(ref: RefObject<HTMLElement | null>, scrollY: number): boolean {
  const [revealed, setRevealed] = useState(() => prefersReducedMotion());
  useEffect(() => {
    if (revealed) return;
    const check = () => {
      const element = ref.current;
      const onScreen = element ? element.getBoundingClientRect().top < window.innerHeight - 80 : false;
      const targeted = element?.id ? window.location.hash === `#${element.id}` : false;
      if (window.scrollY > scrollY || onScreen || targeted) setRevealed(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
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
