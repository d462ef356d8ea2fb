/**
 * What each participant category comes for, in one sentence each: the home page's "Register
 * Yourself" cards, the register page's tab introductions and the /pitcher and /investor blocks all
 * say it with these words (one story, told once). Stall sizes are the smallest a category's
 * packages offer; each package's own stall is on the ticket type, shown with its price.
 */
import { ParticipantCategory, type ParticipantCategoryId } from '@festival/shared';

export const CATEGORY_PROMISES: Record<ParticipantCategoryId, string> = {
  [ParticipantCategory.Pitcher]:
    'Present your project, idea or startup on stage to investors in a 5-minute slot, and exhibit at a stall from 3 by 3 m.',
  [ParticipantCategory.StartUp]:
    'Exhibit your startup or franchise at a stall from 2 by 2 m and gain visibility with investors.',
  [ParticipantCategory.Investor]:
    'Talk to every startup at the festival and find the ventures that can multiply your money 2-3 times.',
  [ParticipantCategory.Visitor]: 'Explore the festival: talks, showcases and the startup expo.',
};
