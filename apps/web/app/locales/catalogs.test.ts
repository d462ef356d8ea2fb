/**
 * The catalogs are complete: every message the code has (extracted as `lingui extract` does) is
 * in the English, Gujarati and Hindi catalogs, translated in Gujarati and Hindi with the same
 * placeholders and tags, and no catalog keeps a message the code no longer has. A failure here
 * means: run `npx lingui extract` in apps/web and translate what it added (docs/i18n-glossary.md).
 */
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../..');

type Catalog = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;

let extracted: Catalog;
let catalogs: Record<string, Catalog>;

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  extracted = (await catalog.collect()) as Catalog;
  catalogs = (await catalog.readAll()) as Record<string, Catalog>;
}, 60_000);

/** The placeholders (`{name}`, `#`'s argument excluded) and tags (`<0>`) of an ICU message, sorted. */
const markers = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]|<\/?\d+\/?>/g)].map((match) => match[1] ?? match[0]).sort();

describe('message catalogs', () => {
  it('hold every message of the code, and only those', () => {
    const ids = Object.keys(extracted).sort();
    expect(ids.length).toBeGreaterThan(0);
    for (const locale of ['en', 'gu', 'hi']) {
      const catalog = catalogs[locale] ?? {};
      const current = Object.keys(catalog).filter((id) => !catalog[id]?.obsolete);
      expect(current.sort(), `${locale}: run lingui extract`).toEqual(ids);
      const obsolete = Object.keys(catalog).filter((id) => catalog[id]?.obsolete);
      expect(obsolete, `${locale} keeps messages the code no longer has`).toEqual([]);
    }
  });

  for (const locale of ['gu', 'hi']) {
    it(`translate every message into ${locale} with the source's placeholders and tags`, () => {
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
});
