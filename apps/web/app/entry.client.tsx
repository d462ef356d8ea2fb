/**
 * Hydrates the document, with the queries a content page was rendered with (app/lib/query-prefill.ts)
 * filled before the first render, so it renders the markup the server sent.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { QueryPrefillContext, readPrefill } from './lib/query-prefill';

const prefill = readPrefill(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <QueryPrefillContext value={prefill}>
        <HydratedRouter />
      </QueryPrefillContext>
    </StrictMode>,
  );
});
