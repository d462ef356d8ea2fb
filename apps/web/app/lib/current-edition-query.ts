/**
 * The TanStack Query side of lib/current-edition.ts, loaded after hydration (or by a page that
 * already uses TanStack Query): the current edition's query options.
 */
import type { FestivalEvent } from '@festival/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { CURRENT_EDITION_PATH, CURRENT_EDITION_QUERY_KEY } from './current-edition';

/** `GET /api/auth/event/current`: the current edition (404 while there is none). */
export const getCurrentEdition = (signal?: AbortSignal) =>
  apiGet<FestivalEvent>(CURRENT_EDITION_PATH, signal);

/**
 * The current edition's query. Kept fresh for the visit's first minute (the app's default): the
 * page it was rendered with holds the organizers' latest edit, and `ended` turns at most that late.
 */
export const currentEditionQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_EDITION_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentEdition(signal),
  });
