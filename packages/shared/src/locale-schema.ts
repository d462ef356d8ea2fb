/** The `locale` field of the public requests: one of the site's languages (locale.ts). */
import { z } from 'zod';
import { LOCALE_MESSAGE, LOCALES, SOURCE_LOCALE } from './locale.js';

/** A supported language code; what a request sends in its `locale` field. */
export const LocaleSchema = z.enum(LOCALES, { error: LOCALE_MESSAGE });

/** The optional `locale` field of a public request: English when it is left out. */
export const localeField = () => LocaleSchema.default(SOURCE_LOCALE);
