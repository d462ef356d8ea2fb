/**
 * The scroll-to-top button: shown once the page has scrolled more than 50 px,
 * it scrolls smoothly back to the top (instantly under prefers-reduced-motion) and moves
 * focus to the skip link's target so keyboard users land at the top too.
 *
 * It floats over the page's bottom-right corner, so it steps aside whenever it would cover
 * something to use: while a form field has focus (on a phone the keyboard is up and the person
 * is typing), and while a link, button, field or checkbox lies under its corner (it covered
 * "Keep my pass" on /manage and the last fields of /register on a 375 px phone).
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** The spec: the button appears after 50 px of scroll. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 50;

/** The button's corner: 48 px square, 16 px from the right and bottom edges (Tailwind size-12, 4). */
const SIZE_PX = 48;
const INSET_PX = 16;
/** Kept clear around the button, so a control just beside it is not crowded either. */
const MARGIN_PX = 8;

/** What a person can use; text under the button is no loss, these are. */
const CONTROLS =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [contenteditable="true"]';

/** Fields that take typing or a choice; focus on one means the person is filling a form. */
const FIELDS = 'input:not([type="button"]):not([type="submit"]):not([type="reset"]), select, textarea';

/**
 * Whether any visible control overlaps the button's corner (with its margin). Every control is
 * measured, not sampled at points, so a small checkbox or radio under the corner counts too.
 */
function controlUnderCorner(button: Element | null): boolean {
  const right = window.innerWidth - INSET_PX + MARGIN_PX;
  const bottom = window.innerHeight - INSET_PX + MARGIN_PX;
  const left = right - SIZE_PX - 2 * MARGIN_PX;
  const top = bottom - SIZE_PX - 2 * MARGIN_PX;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (button?.contains(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    const overlaps = rect.left < right && rect.right > left && rect.top < bottom && rect.bottom > top;
    if (overlaps && control.checkVisibility()) return true;
  }
  return false;
}

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const scrolled = window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX;
      const typing = document.activeElement?.matches(FIELDS) ?? false;
      const button = document.querySelector('[data-scroll-to-top]');
      setVisible(scrolled && !typing && !controlUnderCorner(button));
    };
    // At most once a frame, however many scroll events arrive.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    const events = ['scroll', 'resize', 'focusin', 'focusout'] as const;
    for (const event of events) window.addEventListener(event, schedule, { passive: true });
    // Content that grows or shrinks without a scroll (a message under a field, an opened section).
    const resizes = new ResizeObserver(schedule);
    resizes.observe(document.body);
    return () => {
      for (const event of events) window.removeEventListener(event, schedule);
      resizes.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
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
      aria-label={t`Scroll to top`}
      data-scroll-to-top=""
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
