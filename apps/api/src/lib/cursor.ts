/**
 * Cursors of the console's lists (newest first): the last row's creation instant and id,
 * base64url-encoded, so a page continues exactly after the row the previous one ended with,
 * whatever was added meanwhile.
 */
import { ValidationError } from '../errors.js';

export interface CursorPosition {
  createdAt: Date;
  id: string;
}

const INVALID_CURSOR = 'This page link has expired; start from the first page';
/** Row ids are uuids or serial integers. */
const ROW_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,10})$/i;

export function encodeCursor(position: { createdAt: Date | string; id: string | number }): string {
  return Buffer.from(`${new Date(position.createdAt).toISOString()}|${position.id}`).toString('base64url');
}

/** @throws ValidationError a cursor that no list gave out (400, field `cursor`) */
export function decodeCursor(cursor: string): CursorPosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !ROW_ID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  return { createdAt, id };
}
