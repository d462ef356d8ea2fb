/**
 * Per-page head tags: title, description, Open Graph, Twitter card, the canonical URL (every
 * page has its own) and, for a page in every language, its hreflang alternates. A public page declares them in its route `handle`
 * (`PageMetaHandle`); the root renders them with the current edition's name as the site name
 * (components/layout/page-head.tsx), so no title names an edition the build happened to know.
 * Absolute URLs use the site's public origin. Pages are prerendered with the build's origin
 * (VITE_SITE_URL), and the server swaps it for its runtime PUBLIC_URL in every page it serves
 * (apps/api/src/plugins/web.ts); in the browser the origin is read back from the page
 * as served, so pages rendered after client navigation say the same, and hydration matches the
 * served HTML.
 */
import type { I18n } from '@lingui/core';
import type { Params } from 'react-router';
import type { EditionFacts } from './current-edition';
/** Public origin the pages are prerendered with, without a trailing slash (VITE_SITE_URL). */
const BUILD_SITE_URL = (import.meta.env.VITE_SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** The origin of the canonical link of the page as the server sent it, if it has one. */
function servedOrigin(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return href ? new URL(href).origin : undefined;
}

/**
 * Public origin of the site without a trailing slash: the server's PUBLIC_URL as it wrote it
 * into the served page, or the build's origin while prerendering (and for a page without one).
 */
export const SITE_URL = servedOrigin() ?? BUILD_SITE_URL;

/** Share image used when a page has none of its own (a file in public/). */
export const DEFAULT_SHARE_IMAGE = '/images/og-default.png';

export interface PageMetaInput {
  /** Page title without the site name; the home page passes the site name itself. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** Path of the page, starting with '/', e.g. '/speakers'; none for the not-found page (no canonical). */
  path?: string;
  /** Share image: a path in public/ or an absolute URL. */
  image?: string;
  /** Open Graph type; 'website' unless a page is an article or event. */
  type?: string;
}

/** Turns a site path into an absolute URL on SITE_URL; absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${SITE_URL}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** What a page's head tags may depend on: its route's params and the current edition. */
export interface PageMetaContext {
  params: Params;
  /** The current edition's facts; undefined while prerendering (say nothing edition-specific). */
  edition: EditionFacts | undefined;
  /** The highlights page's title as the current edition's answer carries it; undefined while unknown. */
  highlightsTitle: string | null | undefined;
  /** The page's Lingui instance, to write the title and description in the page's language. */
  i18n: I18n;
}

/** The `handle` of a public page: its head tags, fixed or made from the context. */
export interface PageMetaHandle {
  meta: PageMetaInput | ((context: PageMetaContext) => PageMetaInput);
}

/** Whether a route's `handle` declares head tags. */
export function isPageMetaHandle(handle: unknown): handle is PageMetaHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}
