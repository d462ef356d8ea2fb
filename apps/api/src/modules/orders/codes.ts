/** Public order references, drawn like every code people read and type (lib/random-codes.ts). */
import { randomCode } from '../../lib/random-codes.js';

/**
 * A public order reference: the edition's reference prefix, a hyphen and ten symbols of a
 * 31-letter alphabet (`SFG27` → `SFG27-7KQ2M9XW4P`; about 49 bits). The reference is shown on
 * the payment pages and in emails and it is the only key needed to read the order's passes,
 * so it must not be guessable. The unique index on `orders.reference` guards the (negligible)
 * chance of a collision, across editions too.
 * @param prefix the order's edition's `referencePrefix` (shared REFERENCE_PREFIX_PATTERN)
 */
export function newOrderReference(prefix: string): string {
  return `${prefix}-${randomCode(10)}`;
}
