/**
 * The schemas of organizers' translations (translations.ts): what the console sends, checked
 * by the English field's own schema, and what an answer carries.
 */
import { z } from 'zod';
import {
  TRANSLATION_LOCALE_MESSAGE,
  TRANSLATION_LOCALE_NAMES,
  TRANSLATION_LOCALES,
  type TranslationLocale,
  type Translations,
} from './translations.js';

/** The stored translations without blank fields or empty languages, so "missing" has one form. */
function compact<F extends string>(translations: Translations<F>): Translations<F> {
  const result: Translations<F> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const fields = Object.entries(translations[locale] ?? {}).filter(
      (entry): entry is [F, string] => typeof entry[1] === 'string',
    );
    if (fields.length > 0) result[locale] = Object.fromEntries(fields) as Partial<Record<F, string>>;
  }
  return result;
}

/**
 * The translations of an entry whose English fields are `fields` (the same schemas the English
 * columns are checked by): each translation obeys its field's rules (length, text PostgreSQL
 * can store, edition fields), with the field's message after the language and field it is
 * about ("Gujarati question: Must be at most 300 characters", as an API answer keys it under
 * `translations` alone); a blank one is "not translated"; a language or field not in the list
 * is refused. Left out of a body, the stored translations stay.
 */
export function translationsSchema<Shape extends Record<string, z.ZodType<string, string>>>(fields: Shape) {
  type Field = Extract<keyof Shape, string>;
  const names = Object.keys(fields).join(', ');
  const field = (label: string, schema: z.ZodType<string, string>) =>
    z
      .string()
      .transform((text, context) => {
        // A form sends '' for a field left empty: "not translated", not a missing required value.
        if (text.trim() === '') return undefined;
        const result = schema.safeParse(text);
        if (result.success) return result.data;
        for (const issue of result.error.issues) {
          context.issues.push({ code: 'custom', message: `${label}: ${issue.message}`, input: text });
        }
        return z.NEVER;
      })
      .optional();
  type FieldSchema = ReturnType<typeof field>;
  const language = (locale: TranslationLocale) =>
    z
      .strictObject(
        Object.fromEntries(
          Object.entries(fields).map(([name, schema]) => [
            name,
            field(`${TRANSLATION_LOCALE_NAMES[locale]} ${name}`, schema),
          ]),
        ) as Record<Field, FieldSchema>,
        {
          error: (issue) =>
            `${TRANSLATION_LOCALE_NAMES[locale]}: ${
              issue.code === 'unrecognized_keys' ? `only ${names} can be translated` : 'not a translation'
            }`,
        },
      )
      .optional();
  return z
    .strictObject(
      Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, language(locale)])) as Record<
        TranslationLocale,
        ReturnType<typeof language>
      >,
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? TRANSLATION_LOCALE_MESSAGE : 'Translations must be an object',
      },
    )
    .transform((translations) => compact(translations as Translations<Field>))
    .optional();
}

/**
 * How an answer carries stored translations of `fields` (already checked by translationsSchema
 * when they were written): each language and field optional.
 */
export function storedTranslationsSchema<F extends string>(fields: readonly [F, ...F[]]) {
  const language = z.object(
    Object.fromEntries(fields.map((name) => [name, z.string().optional()])) as Record<
      F,
      z.ZodOptional<z.ZodString>
    >,
  );
  return z.object(
    Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, language.optional()])) as Record<
      TranslationLocale,
      z.ZodOptional<typeof language>
    >,
  );
}
