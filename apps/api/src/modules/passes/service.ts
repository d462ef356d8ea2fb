/**
 * Event passes: issued once per attendee when an order is paid, each with a unique,
 * unguessable code that its QR code encodes (checked at the gate).
 */
import QRCode from 'qrcode';
import { PARTICIPANT_CATEGORY_NAMES, type ParticipantCategoryId, type Pass } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { randomCode } from '../orders/codes.js';
import * as repository from './repository.js';

/**
 * A new pass code, e.g. `SFG-9QW2K7MXRT`: ten symbols of a 31-letter alphabet (about 49
 * bits), so codes cannot be guessed; the unique index on `passes.code` rejects a collision.
 */
export function newPassCode(): string {
  return `SFG-${randomCode(10)}`;
}

/**
 * Issues one pass per attendee of an order. Call in the transaction that marks the order
 * paid, after checking `findPassHolders`: the unique (event, attendee) index rejects a second
 * pass for the same attendee and event.
 */
export async function issuePasses(
  tx: Executor,
  order: { id: string; eventId: number },
  registrationIds: string[],
  now: Date,
) {
  await repository.insertPasses(
    tx,
    registrationIds.map((registrationId) => ({
      eventId: order.eventId,
      orderId: order.id,
      registrationId,
      code: newPassCode(),
      issuedAt: now,
    })),
  );
}

/**
 * What a pass's QR code encodes: today the pass code only. The one place that decides it: the
 * success page (SVG), the pass email (PNG) and the printable PDF all draw their QR codes from it.
 */
export function passQrPayload(code: string): string {
  return code;
}

/** The QR code of a pass as an SVG document (of `passQrPayload`). */
export function passQrSvg(code: string): Promise<string> {
  return QRCode.toString(passQrPayload(code), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The QR code of a pass as a PNG image (email clients do not show inline SVG; the PDF embeds it). */
export function passQrPng(code: string, width = 240): Promise<Buffer> {
  return QRCode.toBuffer(passQrPayload(code), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}

/** Display name of a participant category ("Start-Up"); the id itself if unknown. */
export function roleName(participantCategoryId: number): string {
  return (
    PARTICIPANT_CATEGORY_NAMES[participantCategoryId as ParticipantCategoryId] ??
    String(participantCategoryId)
  );
}

/** The passes of an order as the API answers them, QR codes included. */
export async function passesOfOrder(db: Executor, orderId: string, ticketName: string): Promise<Pass[]> {
  const rows = await repository.listPassesOfOrder(db, orderId);
  return Promise.all(
    rows.map(async (row) => ({
      code: row.code,
      attendeeName: row.name,
      email: row.email,
      role: roleName(row.participantCategoryId),
      ticketName,
      qrSvg: await passQrSvg(row.code),
    })),
  );
}

/** Which of these attendees already hold a pass (of any order). */
export async function findPassHolders(db: Executor, registrationIds: string[]): Promise<string[]> {
  return repository.findPassHolders(db, registrationIds);
}

/** The passes of an order with their holders, in checkout order (for emails). */
export async function listPassHolders(db: Executor, orderId: string) {
  return repository.listPassesOfOrder(db, orderId);
}

/**
 * Makes an order's passes invalid (its money went back in full). Revoked passes stay stored,
 * for the check-in revocation list; the order page no longer shows them.
 */
export async function revokePassesOfOrder(tx: Executor, orderId: string, now: Date): Promise<number> {
  return repository.revokePassesOfOrder(tx, orderId, now);
}

/** Every pass of an order with whether it was revoked, for the console. */
export async function passesOfOrderForConsole(db: Executor, orderId: string) {
  return repository.listAllPassesOfOrder(db, orderId);
}

/** Every pass of these attendees, revoked ones included, with its order's reference. */
export async function passesOfAttendees(db: Executor, registrationIds: string[]) {
  return repository.listPassesOfRegistrations(db, registrationIds);
}

/** Every pass of an attendee, revoked ones included, newest first, with its order's id and reference. */
export async function passesOfAttendee(db: Executor, registrationId: string) {
  return repository.listPassesOfRegistration(db, registrationId);
}
