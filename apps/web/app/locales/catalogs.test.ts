/**
 * The catalogs are complete: every message the code has (extracted as `lingui extract` does) is
 * in its catalog in English, Gujarati and Hindi, translated in Gujarati and Hindi with the same
 * placeholders and tags, and no catalog keeps a message the code no longer has. A failure here
 * means: run `npx lingui extract` in apps/web and translate what it added (docs/i18n-glossary.md).
 *
 * And each page can show its messages: a page outside a further catalog's layouts
 * (routes/catalogs/: registration, legal, highlights) does not load that catalog, so no module it imports,
 * lazily or not, may hold one of its messages (lingui.config.ts).
 */
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CATALOGS, type PageCatalog } from '~/lib/i18n/localized-routes';
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

/** Whether a route entry is one of `catalog`'s layouts (routes/catalogs/<catalog>.<locale>.tsx). */
const isCatalogLayout = (entry: RouteConfigEntry, catalog: PageCatalog) =>
  entry.file.startsWith(`routes/catalogs/${catalog}.`);

/** Route modules (paths under app/) outside every layout of `catalog`, layouts included. */
function pagesWithoutCatalog(entries: RouteConfigEntry[], catalog: PageCatalog): string[] {
  return entries.flatMap((entry) =>
    isCatalogLayout(entry, catalog)
      ? []
      : [entry.file, ...pagesWithoutCatalog(entry.children ?? [], catalog)],
  );
}

/** The pages (route modules) inside layouts of `catalog`. */
function pagesWithCatalog(entries: RouteConfigEntry[], catalog: PageCatalog): string[] {
  return entries.flatMap((entry) =>
    isCatalogLayout(entry, catalog)
      ? (entry.children ?? []).map((child) => child.file)
      : pagesWithCatalog(entry.children ?? [], catalog),
  );
}

/** Each module under app/ and the modules it imports, lazily or not (absolute paths). */
async function importGraph(): Promise<Map<string, string[]>> {
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
  return new Map(
    output.modules.map((module) => [
      path.resolve(webRoot, module.source),
      module.dependencies.map((dependency) => path.resolve(webRoot, dependency.resolved)),
    ]),
  );
}

/** A page that surely shows each further catalog's messages, so the walk is known to find them. */
const KNOWN_PAGE: Record<PageCatalog, string> = {
  registration: 'routes/register/route.tsx',
  legal: 'routes/terms.tsx',
  highlights: 'routes/highlights.tsx',
};

describe('the further catalogs (registration, legal, highlights)', () => {
  let imports: Map<string, string[]>;
  beforeAll(async () => {
    imports = await importGraph();
  }, 60_000);

  for (const name of PAGE_CATALOGS) {
    it(`${name} is loaded by exactly the pages that show its messages`, () => {
      const catalog = loaded.find((each) => each.name.endsWith(`/${name}`));
      if (!catalog) throw new Error(`lingui.config.ts names no ${name} catalog`);
      const withMessages = new Set(
        Object.values(catalog.extracted).flatMap(({ origin = [] }) =>
          origin.map(([file]) => path.resolve(webRoot, file)),
        ),
      );
      expect(withMessages.size).toBeGreaterThan(0);

      /** The chain of imports from `start` to a module with one of the catalog's messages, if any. */
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

      const pages = ['root.tsx', ...pagesWithoutCatalog(routes, name)];
      expect(pages).toContain('routes/home.tsx');
      const reaching = [...new Set(pages)].flatMap((page) => {
        const chain = chainToMessages(path.resolve(webRoot, 'app', page));
        return chain ? [chain.join(' → ')] : [];
      });
      expect(reaching, `pages that need a ${name} catalog layout (routes.ts)`).toEqual([]);

      // And the other way: a page inside the catalog's layout that shows none of its messages
      // would load the catalog for nothing.
      const inLayouts = new Set(pagesWithCatalog(routes, name));
      expect(inLayouts).toContain(KNOWN_PAGE[name]);
      const needless = [...inLayouts].filter((page) => !chainToMessages(path.resolve(webRoot, 'app', page)));
      expect(needless, `pages in a ${name} catalog layout that show none of its messages`).toEqual([]);
    });
  }
});
