import { describe, expect, it } from 'vitest';
import { deferredScripts, hydrateAfterPaint } from './hydrate-after-paint';

/** The shape of a page as React Router's <Scripts> writes it. */
const ENTRY = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-3.js");`;
const PAGE = `<!DOCTYPE html><html lang="en"><head><style>p{}</style>
<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/root-2.js"/>
</head><body><main><p>Hello</p></main><script>window.__reactRouterContext = {};</script><script type="module" async="">${ENTRY}</script><!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

describe('hydrateAfterPaint', () => {
  it('replaces the preloads and the module script by one loader holding both', () => {
    const html = hydrateAfterPaint(PAGE);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<main><p>Hello</p></main><script>window.__reactRouterContext = {};</script>');
    expect(html).toContain('<!--$--><script>window.__reactRouterContext.streamController.close();</script>');
    expect(deferredScripts(html)).toEqual({
      preloads: ['/assets/manifest-1.js', '/assets/root-2.js'],
      entry: ENTRY,
    });
  });

  it('writes the entry so that it cannot close the loader element nor open a comment in it', () => {
    const entry = 'import "/assets/a.js"; window.x = "<\\/script><!--";';
    const html = hydrateAfterPaint(`<body><script type="module">${entry}</script></body>`);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(deferredScripts(html)).toEqual({ preloads: [], entry });
  });

  it('keeps the nonce of a request-time render on the loader', () => {
    const page = `<body><script nonce="n1">a()</script><script nonce="n1" type="module" async="">${ENTRY}</script></body>`;
    const html = hydrateAfterPaint(page);
    expect(html).toContain('<script id="hydrate-after-paint" nonce="n1">');
    expect(html).not.toContain('type="module"');
    expect(deferredScripts(html)).toEqual({ preloads: [], entry: ENTRY });
  });

  it('leaves a page without exactly one module script as it is', () => {
    const plain = '<html><body><p>No scripts</p></body></html>';
    expect(hydrateAfterPaint(plain)).toBe(plain);
    expect(deferredScripts(plain)).toBeUndefined();
    const twice = `<body><script type="module">a</script><script type="module">b</script></body>`;
    expect(hydrateAfterPaint(twice)).toBe(twice);
  });

  it('is idempotent', () => {
    const once = hydrateAfterPaint(PAGE);
    expect(hydrateAfterPaint(once)).toBe(once);
  });
});
