/**
 * The scroll-to-top button: shown once the page has scrolled more than 50 px,
 * it scrolls smoothly back to the top (instantly under prefers-reduced-motion) and moves
 * focus to the skip link's target so keyboard users land at the top too.
 */
import { useEffect, useState } from 'react';

/** The spec: the button appears after 50 px of scroll. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 50;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;

  const scrollUp = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      onClick={scrollUp}
      aria-label="Scroll to top"
      className="animate-fade-in fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-accent-500 text-brand-950 shadow-lg hover:bg-accent-400"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="M5 12l5-5 5 5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
