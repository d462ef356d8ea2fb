/**
 * The scroll-to-top button (./scroll-to-top.tsx), whose code loads once the browser is idle after
 * hydration instead of with the page: it shows nothing until the page has scrolled more than
 * 50 px, so no first paint needs it, and out of the root chunk it leaves every page's first load
 * (docs/decisions/014-less-javascript-on-first-load.md). Renders nothing before then, on the
 * server too, as the button does while the page is at the top.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '~/lib/when-idle';

const ScrollToTop = lazy(() =>
  import('./scroll-to-top').then(({ ScrollToTop }) => ({ default: ScrollToTop })),
);

export function DeferredScrollToTop() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <ScrollToTop />
    </Suspense>
  ) : null;
}
