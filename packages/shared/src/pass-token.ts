/**
 * The signed pass token a pass's QR code carries (format in docs/pass-token.md).
 * Pure byte layout, no cryptography: the server signs with Node's Ed25519, the scanner verifies
 * with WebCrypto's, both over `body` exactly as this module lays it out.
 *
 *   token = "SFG1." + base64url(body ‖ signature)         128 characters
 *   body  = version(1) keyId(4) passId(16) eventId(2) ticketTypeId(4) validDays(1)   28 bytes
 *
 * Integers are big-endian; `validDays` is a bit mask, bit 0 = day 1 of the edition.
 */

export const PASS_TOKEN_PREFIX = 'SFG1.';
export const PASS_TOKEN_VERSION = 1;
export const PASS_TOKEN_BODY_BYTES = 28;
export const PASS_TOKEN_SIGNATURE_BYTES = 64;
/** Days a token can name: the bit mask is one byte. */
export const MAX_PASS_DAYS = 8;

/** What a token says about its pass. */
export interface PassTokenClaims {
  /** The signing key's id: 8 lowercase hex digits (first 4 bytes of SHA-256 of the public key). */
  keyId: string;
  /** The pass's UUID. */
  passId: string;
  eventId: number;
  ticketTypeId: number;
  /** Days of the edition the pass admits on, 1-based, ascending. */
  validDays: number[];
}

export interface ParsedPassToken {
  claims: PassTokenClaims;
  /** The signed bytes. */
  body: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Both runtimes have them (browsers, Node ≥ 16); this package's types have no DOM library. */
const { btoa, atob } = globalThis as unknown as { btoa(data: string): string; atob(data: string): string };

const KEY_ID_PATTERN = /^[0-9a-f]{8}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hexToBytes(hex: string, into: Uint8Array, offset: number) {
  for (let i = 0; i < hex.length; i += 2) into[offset + i / 2] = Number.parseInt(hex.slice(i, i + 2), 16);
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of base64url text; null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char: string) => char.charCodeAt(0));
}

/**
 * The 28 bytes a token signs.
 * @throws RangeError on a malformed key id or pass id, ids out of range, or days outside 1..8
 */
export function encodePassTokenBody(claims: PassTokenClaims): Uint8Array<ArrayBuffer> {
  if (!KEY_ID_PATTERN.test(claims.keyId)) throw new RangeError('keyId must be 8 lowercase hex digits');
  if (!UUID_PATTERN.test(claims.passId)) throw new RangeError('passId must be a UUID');
  if (!Number.isInteger(claims.eventId) || claims.eventId < 0 || claims.eventId > 0xffff) {
    throw new RangeError('eventId must fit 16 bits');
  }
  if (!Number.isInteger(claims.ticketTypeId) || claims.ticketTypeId < 0 || claims.ticketTypeId > 0xffffffff) {
    throw new RangeError('ticketTypeId must fit 32 bits');
  }
  let mask = 0;
  for (const day of claims.validDays) {
    if (!Number.isInteger(day) || day < 1 || day > MAX_PASS_DAYS) throw new RangeError('days are 1..8');
    mask |= 1 << (day - 1);
  }
  const body = new Uint8Array(PASS_TOKEN_BODY_BYTES);
  const view = new DataView(body.buffer);
  body[0] = PASS_TOKEN_VERSION;
  hexToBytes(claims.keyId, body, 1);
  hexToBytes(claims.passId.replace(/-/g, '').toLowerCase(), body, 5);
  view.setUint16(21, claims.eventId);
  view.setUint32(23, claims.ticketTypeId);
  body[27] = mask;
  return body;
}

/** The token text of a body and its Ed25519 signature. */
export function formatPassToken(body: Uint8Array, signature: Uint8Array): string {
  const bytes = new Uint8Array(body.length + signature.length);
  bytes.set(body);
  bytes.set(signature, body.length);
  return PASS_TOKEN_PREFIX + toBase64Url(bytes);
}

/** Splits a token into claims, signed body and signature; null when it is not a version-1 token. */
export function parsePassToken(token: string): ParsedPassToken | null {
  if (!token.startsWith(PASS_TOKEN_PREFIX)) return null;
  const bytes = fromBase64Url(token.slice(PASS_TOKEN_PREFIX.length));
  if (!bytes || bytes.length !== PASS_TOKEN_BODY_BYTES + PASS_TOKEN_SIGNATURE_BYTES) return null;
  if (bytes[0] !== PASS_TOKEN_VERSION) return null;
  const body = bytes.slice(0, PASS_TOKEN_BODY_BYTES);
  const view = new DataView(body.buffer);
  const hex = bytesToHex(body.subarray(5, 21));
  const validDays: number[] = [];
  for (let day = 1; day <= MAX_PASS_DAYS; day++) if (body[27]! & (1 << (day - 1))) validDays.push(day);
  return {
    claims: {
      keyId: bytesToHex(body.subarray(1, 5)),
      passId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      eventId: view.getUint16(21),
      ticketTypeId: view.getUint32(23),
      validDays,
    },
    body,
    signature: bytes.slice(PASS_TOKEN_BODY_BYTES),
  };
}
