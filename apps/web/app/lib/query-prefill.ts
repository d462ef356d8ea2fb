/**
 * Content pages rendered on the server with their data (/about, /faq, /cms/:id, the content
 * collections; docs/decisions/012-content-pages-rendered-with-data.md). A route declares the
 * queries its first paint needs in its `handle` (`PrefillHandle`); the API answers those pages by
 * rendering them with the queries already filled (app/entry.server.tsx,
 * apps/api/src/plugins/web-content-pages.ts) and writes the same data into the page as JSON, from
 * which the browser fills its QueryClient before hydrating, so the markup matches and nothing is
 * fetched again on load.
 */
import type { QueryKey } from '@tanstack/react-query';
import { createContext } from 'react';
import type { Params } from 'react-router';

/** A query the server fills for a page's first paint from one public API answer. */
export interface PrefillQuery {
  queryKey: QueryKey;
  /** The API path under /api, e.g. `/auth/list/FaqMaster`; its answer's `data` feeds the query. */
  path: string;
  /** From the answer's `data` to what the query function returns (default: `data` as is). */
  select?: (data: unknown) => unknown;
  /**
   * The page does not exist without this answer: when the API answers 404 the query's data is
   * `null` (which the page shows as "not found") and the page answers 404.
   */
  required?: boolean;
}

/** The `handle` of a route whose content the server fills in. */
export interface PrefillHandle {
  prefill: (params: Params) => PrefillQuery[];
}

/** One filled query: its key and the data its query function would have returned. */
export interface QuerySeed {
  queryKey: QueryKey;
  data: unknown;
}

/** The filled queries and their JSON as written into the page (the same text on both sides). */
export interface QueryPrefill {
  seeds: QuerySeed[];
  json: string;
}

/** The `id` of the `<script type="application/json">` element holding the filled queries. */
export const PREFILL_ELEMENT_ID = 'query-prefill';

/** The filled queries of a server render (app/entry.server.tsx); null while prerendering. */
export const QueryPrefillContext = createContext<QueryPrefill | null>(null);

/** Whether a route's `handle` declares filled queries. */
export function isPrefillHandle(handle: unknown): handle is PrefillHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as PrefillHandle).prefill === 'function'
  );
}

/**
 * The seeds as JSON safe inside a `<script>` element: `<` is escaped so content can never close
 * the element, and U+2028/U+2029 so the text stays valid in any script context.
 */
export function serializePrefill(seeds: QuerySeed[]): QueryPrefill {
  const json = JSON.stringify(seeds)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return { seeds, json };
}

/** The filled queries the server wrote into this document, or null when it wrote none. */
export function readPrefill(document: Document): QueryPrefill | null {
  const json = document.getElementById(PREFILL_ELEMENT_ID)?.textContent;
  if (!json) return null;
  try {
    return { seeds: JSON.parse(json) as QuerySeed[], json };
  } catch {
    // The element stays in the tree either way; the queries then load as on a prerendered page.
    return { seeds: [], json };
  }
}

let fromDocument: QueryPrefill | null | undefined;

/**
 * In the browser, the filled queries this document was served with, read once (call it before
 * hydrating, while the element is the server's); null on the server and in a document without any.
 */
export function documentPrefill(): QueryPrefill | null {
  if (typeof document === 'undefined') return null;
  if (fromDocument === undefined) fromDocument = readPrefill(document);
  return fromDocument;
}
