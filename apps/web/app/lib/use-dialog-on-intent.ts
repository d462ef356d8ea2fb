/**
 * A dialog whose code is a separate chunk (the menu's side panel, the home video): the chunk
 * starts loading when the pointer, a touch or focus reaches the trigger, the dialog mounts
 * from the first press on (so closing plays Radix's exit and keeps its focus handling), and a
 * press before the chunk has loaded opens it as soon as it has. `triggerProps` go on a plain
 * button present from the first paint and announce what Radix's Dialog.Trigger would
 * (haspopup, expanded, controls), so nothing shifts and assistive technology hears the same.
 */
import { useId, useRef, useState } from 'react';

export function useDialogOnIntent(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = () => void load();
  return {
    open,
    setOpen,
    /** True from the first press on: render the lazy dialog only then. */
    used,
    trigger,
    contentId,
    triggerProps: {
      ref: trigger,
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      'aria-controls': open ? contentId : undefined,
      'data-state': open ? 'open' : 'closed',
      onPointerEnter: preload,
      onTouchStart: preload,
      onFocus: preload,
      onClick: () => {
        setUsed(true);
        setOpen(true);
      },
    } as const,
  };
}
