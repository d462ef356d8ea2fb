/**
 * Cursors of the console's lists (newest first): the last row's creation instant and id,
 * base64url-encoded, so a page continues exactly after the row the previous one ended with,
 * whatever was added meanwhile. The instant is PostgreSQL's own text of the timestamptz
 * (`created_at::text`): a JavaScript Date keeps milliseconds, the column microseconds, and a
 * cursor rounded to the millisecond would skip the rest of a page of rows written together.
 */
import { ValidationError } from '../errors.js';

export interface CursorPosition {
  /** `created_at::text` of the row, e.g. `2024-10-19 19:00:00.123456+00`. */
  createdAt: string;
  id: string;
}

const INVALID_CURSOR = 'This page link has expired; start from the first page';
/** Row ids are uuids or serial integers. */
const ROW_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,10})$/i;
const TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

export function encodeCursor(position: { createdAt: string; id: string | number }): string {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');
}

/** @throws ValidationError a cursor that no list gave out (400, field `cursor`) */
export function decodeCursor(cursor: string): CursorPosition {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !ROW_ID.test(id) || !createdAt || !TIMESTAMPTZ_TEXT.test(createdAt)) {
    throw new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  return { createdAt, id };
}

/**
 * One page of a list read with `limit + 1` rows: the first `limit` rows, and the cursor after
 * the last of them when the extra row shows that more follow (else null).
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  positionOf: (row: T) => { createdAt: string; id: string | number },
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
