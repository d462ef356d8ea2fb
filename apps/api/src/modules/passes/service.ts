/**
 * Event passes: issued once per attendee when an order is paid, each with a unique,
 * unguessable code printed on it. Its QR code carries a signed token that gates
 * verify offline; the printed code still works at the gate, typed or found by search.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import {
  editionDays,
  LocaleSchema,
  type Locale,
  type Pass,
  type TicketTypeTranslatedField,
  type Translations,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { randomCode } from '../../lib/random-codes.js';
import { orderAttendees } from '../orders/service.js';
import { roleName } from '../reference-data/service.js';
import * as repository from './repository.js';
import { signPassTokens } from './signing.js';

export { activeSigningKey } from './signing.js';

/**
 * A new pass code, e.g. `SFG-9QW2K7MXRT`: ten symbols of a 31-letter alphabet (about 49
 * bits), so codes cannot be guessed; the unique index on `passes.code` rejects a collision.
 */
export function newPassCode(): string {
  return `SFG-${randomCode(10)}`;
}

/**
 * Issues one pass per attendee of an order, admitting on the order's line at `linePosition`
 * (the first, which checkout writes; a transferred pass keeps the line of the pass it replaces).
 * Called in the transaction that marks the order paid (confirmation.ts subscribes to it), after
 * orders checked that no attendee holds a pass: the unique (event, attendee) index rejects a
 * second pass for the same attendee and event.
 */
export async function issuePasses(
  tx: Executor,
  order: { id: string; eventId: number },
  registrationIds: string[],
  now: Date,
  linePosition = 0,
) {
  await repository.insertPasses(
    tx,
    registrationIds.map((registrationId) => ({
      eventId: order.eventId,
      orderId: order.id,
      registrationId,
      code: newPassCode(),
      issuedAt: now,
      linePosition,
    })),
  );
}

/**
 * What the QR codes of passes carry: each pass's signed token (`SFG1.…`, 128 characters;
 * docs/pass-token.md), signed by the active key: pass id, event, ticket type, and every day of
 * its edition. Every rendering of a pass (email, order page, PDF) takes its QR text from here.
 * @param codes pass codes (`SFG-…`)
 * @returns a map from each pass code to its token
 * @throws NotFoundError a code names no pass (404)
 */
export async function passQrPayloads(db: Executor, codes: string[]): Promise<Map<string, string>> {
  const rows = await repository.findPassesForToken(db, { codes });
  const found = new Set(rows.map((row) => row.code));
  const missing = codes.find((code) => !found.has(code));
  if (missing) throw new NotFoundError(`No pass ${missing}`);
  const tokens = await signTokensOf(db, rows);
  return new Map(rows.map((row, index) => [row.code, tokens[index]!]));
}

/**
 * The signed tokens (QR payloads) of passes, in order, from what `findPassesForToken` reads of
 * each: the one place a token is made, for every rendering of a pass (badges included).
 */
export function signTokensOf(
  db: Executor,
  rows: { id: string; eventId: number; ticketTypeId: number; startsAt: Date; endsAt: Date }[],
): Promise<string[]> {
  return signPassTokens(
    db,
    rows.map((row) => ({
      passId: row.id,
      eventId: row.eventId,
      ticketTypeId: row.ticketTypeId,
      validDays: editionDays(row.startsAt, row.endsAt).map((day) => day.day),
    })),
  );
}

/** The QR payload (signed token) of one pass; see `passQrPayloads`. @throws NotFoundError (404) */
export async function passQrPayload(db: Executor, code: string): Promise<string> {
  return (await passQrPayloads(db, [code])).get(code)!;
}

/**
 * The QR code's content: the token as one byte-mode segment (docs/pass-token.md: version 8 at
 * M). Given a plain string, the library searches for the shortest mix of numeric,
 * alphanumeric and byte segments, which costs more than drawing the code and, for base64url
 * text, saves nothing.
 */
function qrSegments(payload: string): QRCode.QRCodeSegment[] {
  return [{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }];
}

/** Modules of light margin around a pass's QR code (its quiet zone), in every form. */
const QR_MARGIN = 2;

/** A pass's QR code as an SVG document. @param payload from `passQrPayload` */
export function passQrSvg(payload: string): Promise<string> {
  return QRCode.toString(qrSegments(payload), { type: 'svg', errorCorrectionLevel: 'M', margin: QR_MARGIN });
}

/**
 * A pass's QR code as a PNG image (email clients do not show inline SVG; the printable PDF
 * embeds it): 8-bit grey, each module a square of whole pixels, the width nearest `width` that
 * allows that (318 px for the default 300: version 8 is 49 modules, 53 with the margin).
 *
 * The library draws the symbol (`QRCode.create`); the pixels are its modules scaled, and sharp
 * encodes them on libuv's threads. The library's own PNG renderer drew 4 bytes a pixel and
 * encoded them in JavaScript: 6–7 ms of the event loop per pass, a third of the CPU of the
 * order emails.
 * @param payload from `passQrPayload`
 * @param width pixels, approximately; the PDF asks for more, for print
 */
export async function passQrPng(payload: string, width = 300): Promise<Buffer> {
  const { modules } = QRCode.create(qrSegments(payload), { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2 * QR_MARGIN;
  const scale = Math.max(1, Math.round(width / cells));
  const side = cells * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      const left = (column + QR_MARGIN) * scale;
      for (let line = (row + QR_MARGIN) * scale, end = line + scale; line < end; line++) {
        pixels.fill(0, line * side + left, line * side + left + scale);
      }
    }
  }
  // Without the colour space, sharp writes one grey channel as RGB.
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** A pass as printed or shown: holder, role, ticket type and its QR payload (the signed token). */
export interface PassWithPayload {
  code: string;
  attendeeName: string;
  email: string;
  /** The holder's category's English name (the API's `role`). */
  role: string;
  participantCategoryId: number;
  /** The ticket's English name, and the organizers' Gujarati and Hindi of it. */
  ticketName: string;
  ticketTranslations: Translations<TicketTypeTranslatedField>;
  qrPayload: string;
  /** The holder's language (their registration's), for mail sent to them. */
  locale: Locale;
}

/**
 * The passes of an order with their QR payloads, each token signed once, each named with the
 * ticket of its own line (one attendee of a group may have changed ticket: decision 031).
 */
export async function passesWithPayloads(db: Executor, orderId: string): Promise<PassWithPayload[]> {
  const rows = await repository.listPassesOfOrder(db, orderId);
  const tokens = await signTokensOf(db, rows);
  return rows.map((row, index) => ({
    code: row.code,
    attendeeName: row.name,
    email: row.email,
    role: roleName(row.participantCategoryId),
    participantCategoryId: row.participantCategoryId,
    ticketName: row.ticketName,
    ticketTranslations: row.ticketTranslations,
    qrPayload: tokens[index]!,
    locale: LocaleSchema.parse(row.locale),
  }));
}

/** The passes of an order as the API answers them, QR codes drawn as SVG. */
export async function passesOfOrder(db: Executor, orderId: string): Promise<Pass[]> {
  const passes = await passesWithPayloads(db, orderId);
  return Promise.all(
    passes.map(async ({ qrPayload, locale: _locale, participantCategoryId: _category, ...pass }) => ({
      ...pass,
      qrSvg: await passQrSvg(qrPayload),
    })),
  );
}

/**
 * Makes an order's passes invalid (its money went back in full). Revoked passes stay stored,
 * for the check-in revocation list; the order page no longer shows them.
 */
export async function revokePassesOfOrder(tx: Executor, orderId: string, now: Date): Promise<number> {
  return repository.revokePassesOfOrder(tx, orderId, now);
}

/** An order's attendees in checkout order, each with their pass of this order if any and its ticket's name. */
export async function orderAttendeesWithPasses(db: Executor, orderId: string) {
  const [attendees, issued] = await Promise.all([
    orderAttendees(db, orderId),
    repository.listAllPassesOfOrder(db, orderId),
  ]);
  const byAttendee = new Map(issued.map((pass) => [pass.registrationId, pass]));
  return attendees.map((attendee) => {
    const pass = byAttendee.get(attendee.registrationId);
    return {
      registrationId: attendee.registrationId,
      name: attendee.name,
      email: attendee.email,
      passCode: pass?.code ?? null,
      passRevoked: pass?.revokedAt != null,
      ticketName: pass?.ticketName ?? null,
    };
  });
}

/** Every pass of these attendees, revoked ones included, with its order's reference. */
export async function passesOfAttendees(db: Executor, registrationIds: string[]) {
  return repository.listPassesOfRegistrations(db, registrationIds);
}

/**
 * Every pass of an attendee, revoked ones included, newest first, with its order's id and
 * reference and the name of the ticket it admits on (its own line's).
 */
export async function passesOfAttendee(db: Executor, registrationId: string) {
  return repository.listPassesOfRegistration(db, registrationId);
}
