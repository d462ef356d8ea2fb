/**
 * The API's catalogs are complete: every email message of the code (extracted as `lingui
 * extract` does) is in the English, Gujarati and Hindi catalogs, translated in Gujarati and
 * Hindi with the source's placeholders, no catalog keeps a message the code no longer has, and
 * the compiled catalogs the code imports say what the PO files say. A failure here means: run
 * `npm run i18n:extract -w @festival/api`, translate what it added (docs/i18n-glossary.md), then
 * `npm run i18n:compile -w @festival/api`.
 */
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@festival/shared';
import { messages as en } from '../src/locales/en/messages.js';
import { messages as gu } from '../src/locales/gu/messages.js';
import { messages as hi } from '../src/locales/hi/messages.js';

const apiRoot = path.resolve(import.meta.dirname, '..');
const compiled = { en, gu, hi };

type Catalog = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;

let extracted: Catalog;
let catalogs: Record<string, Catalog>;

beforeAll(async () => {
  const config = getConfig({ cwd: apiRoot, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  extracted = (await catalog.collect()) as Catalog;
  catalogs = (await catalog.readAll()) as Record<string, Catalog>;
}, 60_000);

/**
 * The placeholders (`{name}`, `{count, plural, …}`) of an ICU message, sorted; not a plural's
 * branches (`one {pass}`), nor `#`.
 */
const markers = (message: string) =>
  [...message.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{(\w+)[,}]/g)]
    .map((match) => match[1])
    .sort();

describe('email catalogs', () => {
  it('hold every message of the code, and only those', () => {
    const ids = Object.keys(extracted).sort();
    expect(ids.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const catalog = catalogs[locale] ?? {};
      const current = Object.keys(catalog).filter((id) => !catalog[id]?.obsolete);
      expect(current.sort(), `${locale}: run npm run i18n:extract`).toEqual(ids);
      const obsolete = Object.keys(catalog).filter((id) => catalog[id]?.obsolete);
      expect(obsolete, `${locale} keeps messages the code no longer has`).toEqual([]);
    }
  });

  for (const locale of ['gu', 'hi'] as const) {
    it(`translate every message into ${locale} with the source's placeholders`, () => {
      const catalog = catalogs[locale] ?? {};
      for (const [id, source] of Object.entries(extracted)) {
        const translation = catalog[id]?.translation ?? '';
        expect(translation.trim(), `${locale} has no translation of "${source.message}"`).not.toBe('');
        expect(markers(translation), `${locale}: "${translation}"`).toEqual(markers(source.message ?? ''));
        // Gujarati and Hindi count 0 as "one": a count says what 0 means in its own words.
        if (/,\s*plural\s*,/.test(translation))
          expect(translation, `${locale}: "${translation}"`).toMatch(/=0\s*\{/);
      }
    });
  }

  for (const locale of LOCALES) {
    it(`compiled ${locale} is the PO file's (npm run i18n:compile)`, () => {
      const catalog = catalogs[locale] ?? {};
      const expected = Object.fromEntries(
        Object.entries(extracted).map(([id, source]) => [
          id,
          compileMessage(catalog[id]?.translation || (locale === 'en' ? (source.message ?? '') : '')),
        ]),
      );
      expect(compiled[locale]).toEqual(expected);
    });
  }
});
