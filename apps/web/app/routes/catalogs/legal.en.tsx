/**
 * The legal catalog in English (lingui.config.ts): the terms' and the privacy notice's text, for
 * the English pages that show them (routes.ts). The locale layout above brings the rest.
 */
import { Outlet } from 'react-router';
import type { CatalogHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/en/legal.po';

export const handle: CatalogHandle = { catalog: messages };

export default function EnglishLegalCatalog() {
  return <Outlet />;
}
