import { describe, expect, it } from 'vitest';
import { slimRouteManifest } from './slim-route-manifest';

/** A manifest as React Router's build writes it (two routes, fields abridged). */
const MANIFEST = {
  entry: { module: '/assets/entry.client-1.js', imports: ['/assets/framework-2.js'], css: [] },
  routes: {
    root: {
      id: 'root',
      path: '',
      hasLoader: false,
      module: '/assets/root-3.js',
      imports: ['/assets/framework-2.js', '/assets/root-4.js'],
      css: [],
    },
    'routes/home': {
      id: 'routes/home',
      parentId: 'root',
      index: true,
      hasClientLoader: true,
      module: '/assets/home-5.js',
      imports: ['/assets/root-4.js'],
      css: ['/assets/home-6.css'],
    },
  },
  url: '/assets/manifest-abc.js',
  version: 'abc',
};

/** What the browser reads when it loads the file. */
function evaluate(source: string): unknown {
  const scope: { __reactRouterManifest?: unknown } = {};
  new Function('window', source)(scope);
  return scope.__reactRouterManifest;
}

describe('slimRouteManifest', () => {
  it("drops the routes' imports and keeps every other field, the entry's imports included", () => {
    const slim = evaluate(slimRouteManifest(`window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`));
    const { imports: _root, ...root } = MANIFEST.routes.root;
    const { imports: _home, ...home } = MANIFEST.routes['routes/home'];
    expect(slim).toEqual({ ...MANIFEST, routes: { root, 'routes/home': home } });
  });

  it('reads the file with spacing around the assignment', () => {
    const source = `window.__reactRouterManifest = ${JSON.stringify(MANIFEST, null, 2)}\n`;
    expect(evaluate(slimRouteManifest(source))).toHaveProperty('version', 'abc');
  });

  it('refuses a file that is not a route manifest', () => {
    expect(() => slimRouteManifest('export const x = 1;')).toThrow('Not a React Router manifest');
    expect(() => slimRouteManifest('window.__reactRouterManifest={"entry":{}};')).toThrow('no routes');
  });
});
