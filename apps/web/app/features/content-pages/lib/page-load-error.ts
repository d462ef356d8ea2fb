/**
 * What a translated content page says when its content could not be loaded, as a message
 * translated by the page (components/ui/load-state.tsx keeps the English one for the console).
 * The same words as the site pages' (features/cms), so the catalog holds them once.
 */
import { msg } from '@lingui/core/macro';

export const PAGE_LOAD_ERROR = msg`We could not load this page right now. Please try again later.`;
