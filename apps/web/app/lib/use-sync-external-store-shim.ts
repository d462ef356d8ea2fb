/**
 * What `use-sync-external-store/shim` (required by @lingui/react and TipTap) gives with React 19:
 * the shim exports React's own `useSyncExternalStore` whenever React has one, which React 18 and
 * later do. vite.config.ts resolves the shim to this module, so its fallback for older React
 * stays out of the root chunk every page loads.
 */
export { useSyncExternalStore } from 'react';
