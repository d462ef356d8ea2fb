/**
 * The Hindi pages' layout (`/hi/…`): brings the Hindi catalog and the Devanagari font
 * (lib/i18n/locale-handle.ts, lib/i18n/fonts.ts). Its pages are the list in
 * lib/i18n/localized-routes.ts.
 */
import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import { Outlet } from 'react-router';
import { devanagariFontCss } from '~/lib/i18n/fonts';
import type { LocaleHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/hi/messages.po';

export const handle: LocaleHandle = {
  locale: 'hi',
  messages,
  fontCss: devanagariFontCss({ 400: regular, 700: bold }),
};

export default function HindiPages() {
  return <Outlet />;
}
