/**
 * The Gujarati pages' layout (`/gu/…`): brings the Gujarati catalog and the Gujarati font
 * (lib/i18n/locale-handle.ts, lib/i18n/fonts.ts). Its pages are the list in
 * lib/i18n/localized-routes.ts.
 */
import bold from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff2?url';
import { Outlet } from 'react-router';
import { gujaratiFontCss } from '~/lib/i18n/fonts';
import type { LocaleHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/gu/messages.po';

export const handle: LocaleHandle = {
  locale: 'gu',
  messages,
  fontCss: gujaratiFontCss({ 400: regular, 700: bold }),
};

export default function GujaratiPages() {
  return <Outlet />;
}
