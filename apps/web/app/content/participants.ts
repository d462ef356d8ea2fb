/**
 * Participant logos of the home carousel and /participants (the spec counts 22 logos).
 * The spec names no participants, so every entry is sample data with a placeholder logo in
 * public/images/participants/. Organizers replace the entries and files; the build rejects a
 * malformed entry (ParticipantLogoSchema in schemas.ts).
 */
import type { Logo } from '~/components/carousel/logo-carousel';

/** The spec: the home carousel shows 22 participant logos. */
export const PARTICIPANT_COUNT = 22;

const entries = Array.from({ length: PARTICIPANT_COUNT }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return {
    name: `Sample Participant ${number}`,
    src: `/images/participants/participant-${number}.svg`,
    width: 240,
    height: 120,
    sample: true,
  };
});

export const PARTICIPANTS: readonly Logo[] = entries;
