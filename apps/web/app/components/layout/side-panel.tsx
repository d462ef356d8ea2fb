/**
 * The menu toggle below the lg breakpoint. The side panel it opens (side-panel-dialog.tsx, Radix
 * Dialog) is a separate chunk loaded on intent (lib/use-dialog-on-intent.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useDialogOnIntent } from '~/lib/use-dialog-on-intent';

const loadPanel = () => import('./side-panel-dialog');
const SidePanelDialog = lazy(loadPanel);

export function SidePanel() {
  const { open, setOpen, used, trigger, contentId, triggerProps } = useDialogOnIntent(loadPanel);
  const { t } = useLingui();

  return (
    <>
      <button
        {...triggerProps}
        aria-label={t`Open menu`}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-white/20 hover:bg-white/10 lg:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SidePanelDialog open={open} onOpenChange={setOpen} toggle={trigger} contentId={contentId} />
        </Suspense>
      ) : null}
    </>
  );
}
