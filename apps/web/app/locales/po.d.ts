/** A PO catalog imported in code is compiled by Lingui's Vite plugin (lingui.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
