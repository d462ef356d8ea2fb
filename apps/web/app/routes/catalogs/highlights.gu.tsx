/**
 * The highlights catalog in Gujarati (lingui.config.ts): the words of the menu's Highlights pages,
 * which neither the home page nor the forms show, for the Gujarati pages that show them
 * (routes.ts). The locale layout above brings the rest.
 */
import { Outlet } from 'react-router';
import type { CatalogHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/gu/highlights.po';

export const handle: CatalogHandle = { catalog: messages };

export default function GujaratiHighlightsCatalog() {
  return <Outlet />;
}
