/**
 * The registration catalog in Hindi (lingui.config.ts): the forms', tickets', checkout's and
 * passes' messages, for the Hindi pages that show them (routes.ts). The locale layout above
 * brings the rest.
 */
import { Outlet } from 'react-router';
import type { CatalogHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/hi/registration.po';

export const handle: CatalogHandle = { catalog: messages };

export default function HindiRegistrationCatalog() {
  return <Outlet />;
}
