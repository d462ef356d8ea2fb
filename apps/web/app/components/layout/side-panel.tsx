/**
 * The menu toggle below the lg breakpoint (spec §2 Header). The side panel it opens
 * (side-panel-dialog.tsx, Radix Dialog) is a separate chunk: it starts loading when the pointer
 * or focus reaches the toggle, and a press before it has loaded opens it as soon as it has.
 * The toggle announces what Radix's Dialog.Trigger would (haspopup, expanded, controls).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';

const loadPanel = () => import('./side-panel-dialog');
const SidePanelDialog = lazy(loadPanel);

export function SidePanel() {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing plays Radix's exit and keeps focus handling.
  const [used, setUsed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = () => void loadPanel();

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
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
          <SidePanelDialog open={open} onOpenChange={setOpen} toggle={toggle} contentId={contentId} />
        </Suspense>
      ) : null}
    </>
  );
}
