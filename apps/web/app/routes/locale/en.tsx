/**
 * The English pages' layout: brings the English catalog (lib/i18n/locale-handle.ts). Every
 * public page is under it; the Gujarati and Hindi twins are under their own layouts.
 */
import { Outlet } from 'react-router';
import type { LocaleHandle } from '~/lib/i18n/locale-handle';
import { messages } from '~/locales/en/messages.po';

export const handle: LocaleHandle = { locale: 'en', messages, fontCss: '' };

export default function EnglishPages() {
  return <Outlet />;
}
