/**
 * Random identifiers: order references, pass codes and the sandbox provider's ids. Every
 * symbol is drawn with `crypto.randomInt` (uniform and unpredictable).
 */
import { randomInt } from 'node:crypto';

/** Letters and digits without look-alikes (0/O, 1/I/L), for codes people read and type. */
export const UNAMBIGUOUS_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random symbols of `alphabet`. */
export function randomCode(length: number, alphabet: string = UNAMBIGUOUS_ALPHABET): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** An id in Razorpay's style: prefix, underscore, 14 base-62 symbols (e.g. `order_9A33XWu170gUtm`). */
export function providerStyleId(prefix: 'order' | 'pay'): string {
  return `${prefix}_${randomCode(14, BASE62_ALPHABET)}`;
}

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
