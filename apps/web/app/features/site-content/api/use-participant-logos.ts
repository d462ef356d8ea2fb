import type { Logo } from '~/components/carousel/logo-carousel';
import { participantsFirstPaint } from '../first-paint/participants';
import { participantLogos } from '../lib/participant-logos';
import { useContent } from './get-content';

/** The participant logos of /participants, as the carousel takes them. */
export function useParticipantLogos(): Logo[] {
  return participantLogos(useContent('participants', participantsFirstPaint));
}
