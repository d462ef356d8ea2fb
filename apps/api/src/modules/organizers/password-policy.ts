/**
 * Organizer passwords per NIST SP 800-63B §3.1.1.2: at least 12 and at most 128
 * characters, no composition rules, and refused when found on a list of common or breached
 * passwords or when easily guessed (dictionary words, repeats, sequences, keyboard patterns,
 * the organizer's own name or email). The lists and the guessing model are zxcvbn-ts's
 * (@zxcvbn-ts/language-common: passwords from breach corpora; @zxcvbn-ts/language-en).
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * zxcvbn's score 3 means "safely unguessable: moderate protection from offline slow-hash
 * scenario" (≥ 10^8 guesses); below it the password falls to a guessing attack that uses the
 * lists NIST asks to check.
 */
const MIN_SCORE = 3;

interface Checker {
  zxcvbn: ZxcvbnFactory;
  commonPasswords: Set<string>;
}

let loading: Promise<Checker> | undefined;

/**
 * zxcvbn with its ranked dictionaries (about 22 MB of heap and 130 ms to build), made on the
 * first password checked rather than when every server process starts.
 */
function checker(): Promise<Checker> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return {
      zxcvbn: new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
      commonPasswords: new Set(common.dictionary['passwords-common'].map((word) => word.toLowerCase())),
    };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Why `password` may not be used, as a sentence for the organizer, or null when it is fine.
 * `context` holds the organizer's own words (email, name), which must not make up the password.
 */
export async function passwordProblem(password: string, context: string[] = []): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const { zxcvbn, commonPasswords } = await checker();
  if (commonPasswords.has(password.toLowerCase())) {
    return 'This password is on a list of common or leaked passwords. Choose another.';
  }
  const words = context.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  const result = zxcvbn.check(password, words);
  if (result.score < MIN_SCORE) {
    const reason = result.feedback.warning ? ` ${result.feedback.warning}` : '';
    return `This password is too easy to guess.${reason} A few unrelated words make a strong one.`;
  }
  return null;
}
