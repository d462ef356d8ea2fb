/**
 * The check every "put the list in this order" use case makes (FAQ, content collections).
 */
import { ValidationError } from '../errors.js';

/**
 * @throws ValidationError when `ids` does not list every one of `existing` exactly once: an
 *   entry was added or removed since the organizer loaded the list (400, on the `ids` field).
 */
export function assertSameSet(existing: readonly number[], ids: readonly number[]): void {
  const known = new Set(existing);
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    const message = 'The list changed meanwhile: reload it and order every entry again';
    throw new ValidationError(message, { ids: message });
  }
}
