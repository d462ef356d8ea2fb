/**
 * The registration of a pass's new holder (a pass transferred: modules/order-changes). The
 * person gives only their name, email and phone; they register in the old holder's participant
 * category and edition, with the company and location of the old holder's registration, as a
 * colleague added with "+ Add Attendees" does. Someone registered already in that category and
 * edition under that email keeps their registration.
 */
import type { Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import * as referenceData from '../reference-data/service.js';
import { INVALID_FIELDS, phoneOf } from './fields.js';
import * as repository from './repository.js';

export interface PassHolder {
  name: string;
  email: string;
  countryCode?: string | undefined;
  contactNo?: string | undefined;
}

/**
 * The registration a pass of `fromRegistrationId`'s goes to, in the caller's transaction: the
 * existing one of `holder.email` in the same edition and category, or a new one.
 * @returns the registration and whether it was made now
 * @throws NotFoundError the old holder's registration is gone (404)
 * @throws ValidationError the country code is not on the list (400)
 */
export async function registrationForPassHolder(
  tx: Executor,
  fromRegistrationId: string,
  holder: PassHolder,
  now: Date,
): Promise<{ registration: repository.Registration; created: boolean }> {
  const from = await repository.findRegistration(tx, fromRegistrationId);
  if (!from) throw new NotFoundError('The pass holder’s registration is gone');
  const existing = (await repository.listByEmail(tx, from.eventId, holder.email)).find(
    (row) => row.participantCategoryId === from.participantCategoryId,
  );
  if (existing) return { registration: existing, created: false };
  const phone = phoneOf(holder);
  if (!(await referenceData.isKnownIsdCode(tx, phone.countryCode))) {
    throw new ValidationError(INVALID_FIELDS, { countryCode: 'Choose a country code from the list.' });
  }
  const registration = await repository.insertRegistration(
    tx,
    {
      eventId: from.eventId,
      participantCategoryId: from.participantCategoryId,
      ticketTypeId: from.ticketTypeId,
      name: holder.name,
      email: holder.email,
      ...phone,
      companyName: from.companyName,
      city: from.city,
      countryId: from.countryId,
      stateId: from.stateId,
      // A colleague points at the company's first registration, never at another colleague.
      colleagueOfId: from.colleagueOfId ?? from.id,
      // The new holder's language is unknown; the registration they take the pass from has one.
      locale: from.locale,
      // Whoever transferred the pass accepted the terms for the order's attendees.
      termsAcceptedAt: now,
      createdAt: now,
    },
    {},
  );
  return { registration, created: true };
}
