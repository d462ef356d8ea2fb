/**
 * Asks before a consequential change (disable an organizer, refund, delete) on Radix Alert
 * Dialog: focus starts on Cancel, Escape cancels, and the dialog stays open with the server's
 * message when the change fails.
 */
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs the change; the caller closes the dialog when it succeeds. */
  onConfirm: () => void;
  pending?: boolean;
  /** The failure to show inside the dialog. */
  error?: string | null;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  error = null,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-brand-950/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold text-brand-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {description}
          </AlertDialog.Description>
          {error ? (
            <div className="mt-3">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes the dialog at once, before the change has succeeded. */}
            <Button variant="secondary" pending={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
