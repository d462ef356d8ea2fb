/**
 * The Embla instance behind a LogoCarousel, in its own chunk: the carousel's slides and buttons
 * are plain markup that paints with the page, and this code (about 10 KB gzipped) loads once the
 * page is idle. It attaches to the carousel's viewport, adds the autoplay plugin when asked and
 * hands the instance back; it renders nothing.
 */
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useMemo } from 'react';

/** The Embla instance, undefined until it has attached. */
export type EmblaApi = UseEmblaCarouselType[1];

/** The spec: autoplay every 4000 ms. */
const AUTOPLAY_DELAY_MS = 4000;

/**
 * Embla's `duration` is a speed factor, not milliseconds (its docs: 20–60, default 25);
 * 30 settles a full-view step in about half a second, the spec's 500 ms transition.
 */
const SCROLL_DURATION = 30;

const OPTIONS = { loop: true, align: 'start', slidesToScroll: 'auto', duration: SCROLL_DURATION } as const;

export interface EmblaEngineProps {
  /** The carousel's overflow-hidden element whose first child holds the slides. */
  viewport: HTMLElement;
  /** Adds the autoplay plugin, created stopped; the carousel starts and stops it. */
  autoplay: boolean;
  onApi: (api: EmblaApi) => void;
}

export default function EmblaEngine({ viewport, autoplay, onApi }: EmblaEngineProps) {
  const plugins = useMemo(
    () =>
      autoplay
        ? [
            Autoplay({
              delay: AUTOPLAY_DELAY_MS,
              playOnInit: false,
              stopOnInteraction: true,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ]
        : [],
    [autoplay],
  );
  const [attach, api] = useEmblaCarousel(OPTIONS, plugins);
  useEffect(() => attach(viewport), [attach, viewport]);
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}
