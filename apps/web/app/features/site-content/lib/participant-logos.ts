import type { PublicContentItem } from '@festival/shared';
import type { Logo } from '~/components/carousel/logo-carousel';

/** The participants collection's entries with an image, as the logo carousel takes them. */
export const participantLogos = (items: readonly PublicContentItem[]): Logo[] =>
  items.flatMap((item) =>
    item.image
      ? [
          {
            name: item.name,
            src: item.image.src,
            width: item.image.width,
            height: item.image.height,
            sample: item.sample,
          },
        ]
      : [],
  );
