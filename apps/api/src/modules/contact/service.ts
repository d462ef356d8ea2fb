/**
 * Contact-form use case (spec §2 /contact, §4 contact form, §7 `/api/auth/contact`): the
 * inquiry is stored first, then the organisers are notified by email. The inquiry stands
 * even when the email fails; `notifiedAt` stays null so it can be found and followed up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContactInquiry } from '@festival/shared';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import * as referenceData from '../reference-data/repository.js';
import { contactNotificationEmail } from './emails.js';
import * as repository from './repository.js';

export interface ContactDeps {
  db: Database;
  now(): Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Where inquiries are sent (ORGANIZER_EMAIL). */
  organizerEmail: string;
}

/**
 * Stores an inquiry and notifies the organisers. Never throws for a mail failure (logged).
 * @returns the stored inquiry's id and whether the notification was sent.
 */
export async function submitInquiry(
  deps: ContactDeps,
  input: ContactInquiry,
  ip: string | undefined,
): Promise<{ id: number; notified: boolean }> {
  const row = await repository.insertInquiry(deps.db, {
    contactPersonName: input.contactPersonName,
    email: input.email,
    number: input.number,
    subject: input.subject,
    message: input.message ?? null,
    ip: ip ?? null,
    createdAt: deps.now(),
  });
  try {
    const event = await referenceData.getCurrentEvent(deps.db);
    await deps.mailer.send(
      contactNotificationEmail({
        to: deps.organizerEmail,
        inquiryId: row.id,
        contactPersonName: row.contactPersonName,
        email: row.email,
        number: row.number,
        subject: row.subject,
        message: row.message,
        event,
      }),
    );
  } catch (err) {
    deps.log.error({ err, inquiryId: row.id }, 'contact inquiry stored but the organiser email was not sent');
    return { id: row.id, notified: false };
  }
  await repository.markNotified(deps.db, row.id, deps.now());
  return { id: row.id, notified: true };
}
