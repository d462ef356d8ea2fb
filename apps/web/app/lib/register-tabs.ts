/**
 * Deep links to a tab of /register: `/register?tab=pitcher|startup|investor|visitor`.
 * The "Register Now" links of the event pages and the home cards use them.
 */
import { ParticipantCategory, type ParticipantCategoryId } from '@festival/shared';

export const REGISTER_TAB_PARAMS = {
  pitcher: ParticipantCategory.Pitcher,
  startup: ParticipantCategory.StartUp,
  investor: ParticipantCategory.Investor,
  visitor: ParticipantCategory.Visitor,
} as const satisfies Record<string, ParticipantCategoryId>;
export type RegisterTabParam = keyof typeof REGISTER_TAB_PARAMS;

/** The category a `tab` query value names, undefined for none or an unknown one. */
export function tabFromParam(value: string | null): ParticipantCategoryId | undefined {
  if (value === null) return undefined;
  const key = value.toLowerCase();
  return Object.hasOwn(REGISTER_TAB_PARAMS, key) ? REGISTER_TAB_PARAMS[key as RegisterTabParam] : undefined;
}

/** The `tab` query value of a category. */
export function paramOfTab(category: ParticipantCategoryId): RegisterTabParam {
  const entry = Object.entries(REGISTER_TAB_PARAMS).find(([, id]) => id === category);
  return (entry?.[0] ?? 'pitcher') as RegisterTabParam;
}

/** `/register?tab=…`: the register page opened on that tab. */
export const registerTabPath = (tab: RegisterTabParam) => `/register?tab=${tab}`;
