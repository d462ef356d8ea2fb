/**
 * The extra-large video modal on Radix Dialog: a 450 px high frame embedding the festival video.
 * The iframe exists only while the dialog is open, so nothing loads from the video host before the
 * visitor asks, and closing it stops playback. Loaded when the visitor reaches for the play button
 * (video-modal.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { CloseIcon } from '~/components/ui/icons';

export interface VideoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string;
  /** What the video is, for the dialog's title and the frame's accessible name. */
  title: string;
  /** The play button, which gets focus back when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
}

export default function VideoDialog({
  open,
  onOpenChange,
  videoUrl,
  title,
  trigger,
  contentId,
}: VideoDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          id={contentId}
          aria-describedby={undefined}
          // The play button is not a Dialog.Trigger (it exists before this code loads), so focus
          // is returned to it here rather than by Radix.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-brand-950 p-3 shadow-2xl sm:p-4"
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <Dialog.Title className="text-base font-bold text-white">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t`Close video`}
              className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <iframe
            src={videoUrl}
            title={t`${title} video`}
            height={450}
            className="h-[450px] w-full rounded-lg bg-black"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
