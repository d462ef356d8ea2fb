/**
 * Random codes people read and type: order references, pass codes. Every symbol is drawn with
 * `crypto.randomInt` (uniform and unpredictable).
 */
import { randomInt } from 'node:crypto';

/** Letters and digits without look-alikes (0/O, 1/I/L), for codes people read and type. */
export const UNAMBIGUOUS_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** `length` random symbols of `alphabet`. */
export function randomCode(length: number, alphabet: string = UNAMBIGUOUS_ALPHABET): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}
