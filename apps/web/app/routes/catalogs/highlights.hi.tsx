/**
 * The highlights catalog in Hindi (lingui.config.ts): the words of the menu's Highlights pages,
 * which neither the home page nor the forms show, for the Hindi pages that show them
 * (routes.ts). The locale layout above brings the rest.
 */
import { Outlet } from 'react-router';
import type { CatalogHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/hi/highlights.po';

export const handle: CatalogHandle = { catalog: messages };

export default function HindiHighlightsCatalog() {
  return <Outlet />;
}
