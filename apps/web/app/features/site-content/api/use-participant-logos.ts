import type { Logo } from '~/components/carousel/logo-carousel';
import { participantsFirstPaint } from '../first-paint/participants';
import { useContent } from './get-content';

/** The participant logos of the home carousel and /participants, as the carousel takes them. */
export function useParticipantLogos(): Logo[] {
  return useContent('participants', participantsFirstPaint).flatMap((item) =>
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
}
