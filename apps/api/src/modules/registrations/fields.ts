/** What the registration forms and the console's corrections of a registration share. */
import { PARTICIPANT_CATEGORY_NAMES, type ParticipantCategoryId } from '@festival/shared';
import { ValidationError } from '../../errors.js';

/** The message of a 400 whose details are on the fields. */
export const INVALID_FIELDS = 'Please correct the highlighted fields.';

/** Display name of a participant category in the forms' messages; 'Participant' if unknown. */
export function roleOf(participantCategoryId: number): string {
  return PARTICIPANT_CATEGORY_NAMES[participantCategoryId as ParticipantCategoryId] ?? 'Participant';
}

/** The phone pair the schema guarantees, narrowed for the insert. */
export function phoneOf(input: { countryCode?: string | undefined; contactNo?: string | undefined }): {
  countryCode: string;
  contactNo: string;
} {
  const { countryCode, contactNo } = input;
  if (!countryCode || !contactNo) {
    throw new ValidationError(INVALID_FIELDS, { contactNo: 'Contact Number and country code is required' });
  }
  return { countryCode, contactNo };
}
