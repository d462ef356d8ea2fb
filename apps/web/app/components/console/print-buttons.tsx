/**
 * Printing from the console: name badges (`GET /api/admin/badges.pdf`) and all passes
 * (`GET /api/admin/passes.pdf`) of an order or a check-in list, with the badge layout to use, and
 * one attendee's badge. The file is fetched, not linked: a list of thousands takes seconds, so the
 * button says it is preparing, and a refusal (no valid passes, a role that may not print) is shown
 * here instead of being saved as the "PDF".
 */
import {
  BADGE_LAYOUT_NAMES,
  BADGE_LAYOUTS,
  BADGE_ROLES,
  type BadgeLayout,
  type OrganizerRole,
  type PrintSelection,
} from '@festival/shared';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { apiDownload } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';

/** Whether `role` may print badges and passes (the gate desk and sales). */
export const canPrint = (role: OrganizerRole) => BADGE_ROLES.includes(role);

/** The API's query of a selection and layout (`listId=3&layout=a6`). */
function query(selection: PrintSelection, layout?: BadgeLayout): string {
  const params = new URLSearchParams(Object.entries(selection).map(([key, value]) => [key, String(value)]));
  if (layout) params.set('layout', layout);
  return params.toString();
}

/** Saves a downloaded file under its name, through a link the page never shows. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A download's state: which one is running, and the last refusal. */
function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (what: string, path: string) => {
    setPending(what);
    setError(null);
    try {
      const { blob, fileName } = await apiDownload(path);
      save(blob, fileName);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(null);
    }
  };
  return { pending, error, download };
}

/**
 * "Badges (PDF)" with the layout choice and "All passes (PDF)" for an order or a check-in list.
 * `label` completes the buttons' accessible names ("Badges (PDF) of Main gate").
 */
export function PrintButtons({
  selection,
  label,
}: {
  selection: { orderReference: string } | { listId: number };
  label: string;
}) {
  const [layout, setLayout] = useState<BadgeLayout>('a6');
  const { pending, error, download } = useDownload();
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid w-full min-w-0 gap-1 sm:w-auto">
          <label htmlFor={id} className="text-sm font-semibold">
            Badge layout
          </label>
          <select
            id={id}
            value={layout}
            onChange={(event) => setLayout(event.target.value as BadgeLayout)}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            {BADGE_LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {BADGE_LAYOUT_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline"
          pending={pending === 'badges'}
          pendingLabel="Preparing badges…"
          disabled={pending !== null}
          onClick={() => void download('badges', `/admin/badges.pdf?${query(selection, layout)}`)}
        >
          Badges (PDF)<span className="sr-only"> of {label}</span>
        </Button>
        <Button
          variant="outline"
          pending={pending === 'passes'}
          pendingLabel="Preparing passes…"
          disabled={pending !== null}
          onClick={() => void download('passes', `/admin/passes.pdf?${query(selection)}`)}
        >
          All passes (PDF)<span className="sr-only"> of {label}</span>
        </Button>
      </div>
      <DownloadStatus pending={pending !== null} error={error} />
    </div>
  );
}

/** "Print badge" of one attendee: an A6 page, what a desk printer takes for a single badge. */
export function PrintBadgeButton({ registrationId, name }: { registrationId: string; name: string }) {
  const { pending, error, download } = useDownload();
  return (
    <span className="grid justify-items-start gap-1">
      <Button
        variant="outline"
        pending={pending !== null}
        pendingLabel="Preparing badge…"
        onClick={() => void download('badge', `/admin/badges.pdf?${query({ registrationId }, 'a6')}`)}
      >
        Print badge<span className="sr-only"> of {name}</span>
      </Button>
      <DownloadStatus pending={false} error={error} />
    </span>
  );
}

function DownloadStatus({ pending, error }: { pending: boolean; error: string | null }) {
  return (
    <>
      <p aria-live="polite" className="text-sm text-slate-600">
        {pending ? 'A list of thousands takes a few seconds.' : ''}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
