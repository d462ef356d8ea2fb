/**
 * The hero's video thumbnail and its extra-large modal (spec §2 Home item 2, §4 Video modal):
 * the play button opens a Radix Dialog whose 450 px high frame embeds the 2023 festival video.
 * The iframe exists only while the dialog is open, so nothing loads from the video host before
 * the visitor asks, and closing it stops playback.
 */
import { Dialog } from 'radix-ui';
import { FESTIVAL } from '~/content/event';
import { CloseIcon } from '~/components/ui/icons';
import { useCurrentEvent } from '../api/get-current-event';

export function VideoModal() {
  // The organizers' video once the edition says one; the built-in placeholder until then.
  const videoUrl = useCurrentEvent().data?.videoUrl ?? FESTIVAL.videoEmbedUrl;
  return (
    <Dialog.Root>
      <div className="relative overflow-hidden rounded-2xl shadow-xl ring-1 ring-white/20">
        <img
          src="/images/home/video-thumbnail.svg"
          alt="Stage and audience at Startup Fest Gujarat 2023 (illustration)"
          width={640}
          height={360}
          className="h-auto w-full"
        />
        {/* Over the audience, below the stage, so it never covers the thumbnail's title. */}
        <Dialog.Trigger className="absolute bottom-[8%] left-1/2 inline-flex size-14 -translate-x-1/2 items-center justify-center rounded-full bg-accent-500 text-brand-950 shadow-lg transition-transform hover:scale-105 sm:size-20">
          <span className="sr-only">Play the Startup Fest Gujarat 2023 video</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-7 sm:size-9" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-brand-950 p-3 shadow-2xl sm:p-4"
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <Dialog.Title className="text-base font-bold text-white">Startup Fest Gujarat 2023</Dialog.Title>
            <Dialog.Close
              aria-label="Close video"
              className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <iframe
            src={videoUrl}
            title={FESTIVAL.videoTitle}
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
