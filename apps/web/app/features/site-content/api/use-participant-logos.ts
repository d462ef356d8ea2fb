import { useQuery } from '@tanstack/react-query';
import { participantLogos } from '../lib/participant-logos';
import { contentQueryOptions } from './get-content';

/** The participant logos of /participants, as the carousel takes them. */
export const useParticipantLogos = () =>
  useQuery({ ...contentQueryOptions('participants'), select: participantLogos });
