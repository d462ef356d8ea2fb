/**
 * What each participant category comes for, in one sentence each: the home page's "Register
 * Yourself" cards, the register page's tab introductions and the /pitcher and /investor blocks all
 * say it with these words (one story, told once). Stall sizes are the smallest a category's
 * packages offer; each package's own stall is on the ticket type, shown with its price. They are
 * messages (app/locales/), translated with the page's Lingui instance.
 */
import { ParticipantCategory, type ParticipantCategoryId } from '@festival/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CATEGORY_PROMISES: Record<ParticipantCategoryId, MessageDescriptor> = {
  [ParticipantCategory.Pitcher]: msg`Present your project, idea or startup on stage to investors in a 5-minute slot, and exhibit at a stall from 3 by 3 m.`,
  [ParticipantCategory.StartUp]: msg`Exhibit your startup or franchise at a stall from 2 by 2 m and gain visibility with investors.`,
  [ParticipantCategory.Investor]: msg`Talk to every startup at the festival and find the ventures that can multiply your money 2-3 times.`,
  [ParticipantCategory.Visitor]: msg`Explore the festival: talks, showcases and the startup expo.`,
};

/**
 * Each category's name as the register page's tabs, headings and passes say it (the spec's
 * PARTICIPANT_CATEGORY_NAMES, which the server and the console keep in English).
 */
export const CATEGORY_NAMES: Record<ParticipantCategoryId, MessageDescriptor> = {
  [ParticipantCategory.Pitcher]: msg`Pitcher`,
  [ParticipantCategory.StartUp]: msg`Start-Up`,
  [ParticipantCategory.Investor]: msg`Investor`,
  [ParticipantCategory.Visitor]: msg`Visitor`,
};

/** The register page's heading of each category's tab: a whole sentence, as languages differ in articles. */
export const REGISTER_AS: Record<ParticipantCategoryId, MessageDescriptor> = {
  [ParticipantCategory.Pitcher]: msg`Register as a Pitcher`,
  [ParticipantCategory.StartUp]: msg`Register as a Start-Up`,
  [ParticipantCategory.Investor]: msg`Register as an Investor`,
  [ParticipantCategory.Visitor]: msg`Register as a Visitor`,
};
