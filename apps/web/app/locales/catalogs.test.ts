/**
 * The catalogs are complete: every message the code has (extracted as `lingui extract` does) is
 * in its catalog in English, Gujarati and Hindi, translated in Gujarati and Hindi with the same
 * placeholders and tags, and no catalog keeps a message the code no longer has. A failure here
 * means: run `npx lingui extract` in apps/web and translate what it added (docs/i18n-glossary.md).
 *
 * And each page can show its messages: a page outside the registration catalog's layouts
 * (routes/catalogs/) loads only its language's main catalog, so no module it imports, lazily or
 * not, may hold a message of the registration catalog (lingui.config.ts).
 */
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../routes';

const webRoot = path.resolve(import.meta.dirname, '../..');

type Catalog = Record<
  string,
  { message?: string; translation?: string; obsolete?: boolean; origin?: [string, number?][] }
>;

interface LoadedCatalog {
  /** The catalog's path pattern, e.g. `<rootDir>/app/locales/{locale}/registration`. */
  name: string;
  extracted: Catalog;
  byLocale: Record<string, Catalog>;
}

let loaded: LoadedCatalog[];

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, skipValidation: true });
  loaded = await Promise.all(
    (await getCatalogs(config)).map(async (catalog) => ({
      name: catalog.path,
      extracted: (await catalog.collect()) as Catalog,
      byLocale: (await catalog.readAll()) as Record<string, Catalog>,
    })),
  );
  expect(loaded.length, 'lingui.config.ts names its catalogs').toBeGreaterThan(1);
}, 60_000);

/** The placeholders (`{name}`, `#`'s argument excluded) and tags (`<0>`) of an ICU message, sorted. */
const markers = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]|<\/?\d+\/?>/g)].map((match) => match[1] ?? match[0]).sort();

describe('message catalogs', () => {
  it('hold every message of the code, and only those', () => {
    for (const { name, extracted, byLocale } of loaded) {
      const ids = Object.keys(extracted).sort();
      expect(ids.length, name).toBeGreaterThan(0);
      for (const locale of ['en', 'gu', 'hi']) {
        const catalog = byLocale[locale] ?? {};
        const current = Object.keys(catalog).filter((id) => !catalog[id]?.obsolete);
        expect(current.sort(), `${name} ${locale}: run lingui extract`).toEqual(ids);
        const obsolete = Object.keys(catalog).filter((id) => catalog[id]?.obsolete);
        expect(obsolete, `${name} ${locale} keeps messages the code no longer has`).toEqual([]);
      }
    }
  });

  for (const locale of ['gu', 'hi']) {
    it(`translate every message into ${locale} with the source's placeholders and tags`, () => {
      for (const { extracted, byLocale } of loaded) {
        const catalog = byLocale[locale] ?? {};
        for (const [id, source] of Object.entries(extracted)) {
          const translation = catalog[id]?.translation ?? '';
          expect(translation.trim(), `${locale} has no translation of "${source.message}"`).not.toBe('');
          expect(markers(translation), `${locale}: "${translation}"`).toEqual(markers(source.message ?? ''));
          // Gujarati and Hindi count 0 as "one": a count says what 0 means in its own words.
          if (/,\s*plural\s*,/.test(translation))
            expect(translation, `${locale}: "${translation}"`).toMatch(/=0\s*\{/);
        }
      }
    });
  }
});

const isRegistrationLayout = (entry: RouteConfigEntry) =>
  entry.file.startsWith('routes/catalogs/registration.');

/** Route modules (paths under app/) outside every registration catalog layout, layouts included. */
function pagesWithoutRegistrationCatalog(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) =>
    isRegistrationLayout(entry) ? [] : [entry.file, ...pagesWithoutRegistrationCatalog(entry.children ?? [])],
  );
}

/** The pages (route modules) inside registration catalog layouts. */
function pagesWithRegistrationCatalog(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) =>
    isRegistrationLayout(entry)
      ? (entry.children ?? []).map((child) => child.file)
      : pagesWithRegistrationCatalog(entry.children ?? []),
  );
}

describe('the registration catalog', () => {
  it('is loaded by exactly the pages that show its messages', async () => {
    const registration = loaded.find(({ name }) => name.endsWith('/registration'));
    if (!registration) throw new Error('lingui.config.ts names no registration catalog');
    const withMessages = new Set(
      Object.values(registration.extracted).flatMap(({ origin = [] }) =>
        origin.map(([file]) => path.resolve(webRoot, file)),
      ),
    );
    expect(withMessages.size).toBeGreaterThan(0);

    const { output } = await cruise(
      ['app'],
      {
        baseDir: webRoot,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '\\.test\\.ts$' },
        tsConfig: { fileName: 'tsconfig.json' },
      },
      {},
      { tsConfig: extractTSConfig(path.join(webRoot, 'tsconfig.json')) },
    );
    if (typeof output === 'string') throw new Error('dependency-cruiser gave no module graph');
    const imports = new Map(
      output.modules.map((module) => [
        path.resolve(webRoot, module.source),
        module.dependencies.map((dependency) => path.resolve(webRoot, dependency.resolved)),
      ]),
    );

    /** The chain of imports from `start` to a module with a registration message, if any. */
    const chainToMessages = (start: string): string[] | undefined => {
      const via = new Map<string, string | undefined>([[start, undefined]]);
      const pending = [start];
      for (let file = pending.shift(); file; file = pending.shift()) {
        if (withMessages.has(file)) {
          const chain = [file];
          for (let step = via.get(file); step; step = via.get(step)) chain.unshift(step);
          return chain.map((step) => path.relative(webRoot, step));
        }
        for (const next of imports.get(file) ?? [])
          if (!via.has(next)) {
            via.set(next, file);
            pending.push(next);
          }
      }
      return undefined;
    };

    const pages = ['root.tsx', ...pagesWithoutRegistrationCatalog(routes)];
    expect(pages).toContain('routes/home.tsx');
    const reaching = [...new Set(pages)].flatMap((page) => {
      const chain = chainToMessages(path.resolve(webRoot, 'app', page));
      return chain ? [chain.join(' → ')] : [];
    });
    expect(reaching, 'pages that need a registration catalog layout (routes.ts)').toEqual([]);

    // And the other way: a page inside a registration layout that shows none of its messages
    // would load the catalog for nothing.
    const inLayouts = new Set(pagesWithRegistrationCatalog(routes));
    expect(inLayouts).toContain('routes/register/route.tsx');
    const needless = [...inLayouts].filter((page) => !chainToMessages(path.resolve(webRoot, 'app', page)));
    expect(needless, 'pages in a registration catalog layout that show none of its messages').toEqual([]);
  }, 60_000);
});
