/**
 * The legal catalog in Hindi (lingui.config.ts): the terms' and the privacy notice's text, for
 * the Hindi pages that show them (routes.ts). The locale layout above brings the rest.
 */
import { Outlet } from 'react-router';
import type { CatalogHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/hi/legal.po';

export const handle: CatalogHandle = { catalog: messages };

export default function HindiLegalCatalog() {
  return <Outlet />;
}
