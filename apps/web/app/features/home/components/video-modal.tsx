/**
 * The hero's video thumbnail and its play button. The modal (video-dialog.tsx, Radix Dialog) is a
 * separate chunk loaded on intent (lib/use-dialog-on-intent.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useDialogOnIntent } from '~/lib/use-dialog-on-intent';
import { useCurrentEdition } from '~/lib/current-edition';

const loadDialog = () => import('./video-dialog');
const VideoDialog = lazy(loadDialog);

/** The current edition's video (lib/current-edition.ts); without one, the thumbnail has no play button. */
export function VideoModal() {
  const edition = useCurrentEdition();
  const videoUrl = edition?.videoUrl;
  const { open, setOpen, used, trigger, contentId, triggerProps } = useDialogOnIntent(loadDialog);
  const { t } = useLingui();
  const name = edition?.name;
  return (
    <>
      <div className="relative overflow-hidden rounded-2xl shadow-xl ring-1 ring-white/20">
        <img
          src="/images/home/video-thumbnail.svg"
          alt={t`Stage and audience at Startup Fest Gujarat 2023 (illustration)`}
          width={640}
          height={360}
          className="h-auto w-full"
        />
        {/* Over the audience, below the stage, so it never covers the thumbnail's title. */}
        {edition && videoUrl ? (
          <button
            {...triggerProps}
            className="absolute bottom-[8%] left-1/2 inline-flex size-14 -translate-x-1/2 items-center justify-center rounded-full bg-accent-500 text-brand-950 shadow-lg transition-transform hover:scale-105 sm:size-20"
          >
            <span className="sr-only">
              <Trans>Play the {name} video</Trans>
            </span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-7 sm:size-9" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </button>
        ) : null}
      </div>
      {used && edition && videoUrl ? (
        <Suspense fallback={null}>
          <VideoDialog
            open={open}
            onOpenChange={setOpen}
            videoUrl={videoUrl}
            title={edition.name}
            trigger={trigger}
            contentId={contentId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
