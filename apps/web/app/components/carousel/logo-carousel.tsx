/**
 * A carousel of logos on Embla (the home page and /participants; timings and widths are the spec's):
 * 4 logos per view from 1024 px, 3 from 480 px, 2 below; each step moves a whole view.
 * With `autoplay` it advances every 4000 ms and pauses while the pointer is over it, while
 * anything in it has focus, when the visitor presses Pause, and never starts under
 * prefers-reduced-motion. Built after the WAI-ARIA carousel pattern (labelled region,
 * grouped slides, previous/next buttons, a pause button for moving content, WCAG 2.2.2).
 * The slides paint as plain markup; Embla itself (embla-engine.tsx) loads once the page is idle.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { usePrefersReducedMotion } from '~/lib/use-prefers-reduced-motion';
import { whenIdle } from '~/lib/when-idle';
import type { EmblaApi } from './embla-engine';

const EmblaEngine = lazy(() => import('./embla-engine'));

/** One logo: an image file in public/ with its intrinsic size (so nothing shifts while loading). */
export interface Logo {
  /** Organisation name; the image's alternative text. */
  name: string;
  /** Path of the image in public/, e.g. '/images/participants/p01.svg'. */
  src: string;
  width: number;
  height: number;
  /** True for placeholder entries that do not name a real organisation. */
  sample?: boolean;
}

export interface LogoCarouselProps {
  logos: readonly Logo[];
  /** Accessible name of the carousel region, e.g. 'Participants'. */
  label: string;
  autoplay?: boolean;
  className?: string;
}

export function LogoCarousel({ logos, label, autoplay = false, className }: LogoCarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  // The plugin is only created in the browser once the motion preference is known, so a
  // prerendered page never starts moving before it can honour prefers-reduced-motion.
  // Embla's autoplay fails on a carousel without slides.
  const canAutoplay = autoplay && reducedMotion === false && logos.length > 0;
  // The viewport element and, once loaded and attached, Embla's instance.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const { t } = useLingui();
  const count = logos.length;
  const [api, setApi] = useState<EmblaApi>();
  const [engineWanted, setEngineWanted] = useState(false);
  useEffect(() => whenIdle(() => setEngineWanted(true)), []);

  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const shouldPlay = canAutoplay && !hovered && !focused && !pausedByUser;

  useEffect(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    if (shouldPlay) plugin.play();
    else plugin.stop();
  }, [api, shouldPlay]);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }, []);

  const regionId = useId();
  const playing = shouldPlay;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={clsx('relative', className)}
      data-autoplay={canAutoplay ? (playing ? 'playing' : 'paused') : 'off'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="overflow-hidden" ref={setViewport}>
        <div id={regionId} className="flex touch-pan-y">
          {logos.map((logo, index) => (
            <div
              key={`${logo.src}-${index}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t`${index + 1} of ${count}`}
              className="min-w-0 shrink-0 grow-0 basis-1/2 px-2 min-[480px]:basis-1/3 min-[1024px]:basis-1/4"
            >
              <figure className="flex h-28 flex-col items-center justify-center rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
                <img
                  src={logo.src}
                  alt={logo.name}
                  width={logo.width}
                  height={logo.height}
                  loading="lazy"
                  decoding="async"
                  className="h-auto max-h-16 w-auto max-w-full object-contain"
                />
                {logo.sample ? (
                  <figcaption className="mt-1 text-[11px] font-medium text-slate-600">
                    <Trans>Sample</Trans>
                  </figcaption>
                ) : null}
              </figure>
            </div>
          ))}
        </div>
      </div>
      {engineWanted && viewport ? (
        <Suspense fallback={null}>
          <EmblaEngine viewport={viewport} autoplay={canAutoplay} onApi={setApi} />
        </Suspense>
      ) : null}
      <div className="mt-4 flex items-center justify-center gap-3">
        <CarouselButton label={t`Previous logos`} controls={regionId} onClick={() => api?.scrollPrev()}>
          <path d="M12.5 4 6.5 10l6 6" />
        </CarouselButton>
        {canAutoplay ? (
          <button
            type="button"
            onClick={() => setPausedByUser((paused) => !paused)}
            aria-pressed={pausedByUser}
            className="min-h-11 rounded-full border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {pausedByUser ? (
              <Trans>
                Play<span className="sr-only"> automatic scrolling</span>
              </Trans>
            ) : (
              <Trans>
                Pause<span className="sr-only"> automatic scrolling</span>
              </Trans>
            )}
          </button>
        ) : null}
        {/* Announce the position only when the visitor drives the carousel; autoplay stays silent. */}
        <p className="sr-only" aria-live={playing ? 'off' : 'polite'}>
          {snapCount > 0 ? t`Set ${selected + 1} of ${snapCount}` : ''}
        </p>
        <CarouselButton label={t`Next logos`} controls={regionId} onClick={() => api?.scrollNext()}>
          <path d="M7.5 4l6 6-6 6" />
        </CarouselButton>
      </div>
    </section>
  );
}

function CarouselButton({
  label,
  controls,
  onClick,
  children,
}: {
  label: string;
  controls: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 hover:bg-brand-50"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
