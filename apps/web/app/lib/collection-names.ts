/**
 * Each content collection's name as a visitor reads it, in the page's language (the highlights
 * catalog); the console names them with COLLECTION_RULES' English labels.
 */
import type { ContentCollection } from '@festival/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const COLLECTION_NAMES: Record<ContentCollection, MessageDescriptor> = {
  speakers: msg`Speakers`,
  sponsors: msg`Sponsors`,
  startups: msg`Featured startups`,
  participants: msg`Participant logos`,
  activities: msg`Activities`,
  'event-flow': msg`Event flow`,
};
