/**
 * A modal dialog on Radix Dialog: focus is trapped, and on closing it returns to what had it
 * before (Radix returns it only to a Dialog.Trigger, and these dialogs open from state), Escape
 * and the close button dismiss it, the title and description name it for assistive technology. The body scrolls
 * inside the viewport so long content (a form) stays reachable on a 375 px screen.
 */
import { clsx } from 'clsx';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Sticky actions under the scrolling body. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** False: an outside click or Escape does not close it (the spec's pitcher popup); the buttons still do. */
  dismissible?: boolean;
  /**
   * The close button's accessible name. A public page passes it in its own language; the
   * console, which is English and loads no catalog, keeps the default.
   */
  closeLabel?: string;
  children: ReactNode;
}

const keepOpen = (event: Event) => event.preventDefault();

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'md',
  dismissible = true,
  closeLabel = 'Close',
  children,
}: DialogProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-brand-950/70 backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl',
            'max-h-[calc(100dvh-1rem)] sm:max-h-[calc(100dvh-4rem)]',
            size === 'lg' ? 'max-w-3xl' : 'max-w-xl',
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // Still the element that opened the dialog: Radix moves focus in after this event.
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusTo.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          {...(dismissible ? {} : { onInteractOutside: keepOpen, onEscapeKeyDown: keepOpen })}
        >
          <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-brand-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-0.5 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-m-1 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={closeLabel}
            >
              <CloseIcon />
            </RadixDialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-5 py-3">
              {footer}
            </footer>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
