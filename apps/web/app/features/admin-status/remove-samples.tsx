/**
 * The status page's sample-content check, with "Remove sample content" while placeholders of a
 * first start (speakers, sponsors, participants and the rest, and the site's own samples held in
 * code) remain: they go in one step, after the owner confirms, and the page says what went.
 */
import { sampleRemovalMessage, type SampleContentRemoval, type StatusCheck } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { Button } from '~/components/ui/button';
import { ADMIN_QUERY_ROOT, adminSend, errorMessage, useAdminMutation } from '~/lib/console/admin-client';

export function RemoveSamples({ check }: { check: StatusCheck }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const remove = useAdminMutation<SampleContentRemoval>({
    mutationFn: () => adminSend<SampleContentRemoval>('/sample-content', 'DELETE'),
    onSuccess: (removal) => {
      setDone(`${sampleRemovalMessage(removal)}.`);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    },
  });
  return (
    <div className="mt-3">
      {check.state === 'warn' ? (
        <Button
          variant="outline"
          onClick={() => {
            remove.reset();
            setOpen(true);
          }}
        >
          Remove sample content
        </Button>
      ) : null}
      <p role="status" className="mt-2 text-sm font-medium text-green-800 empty:hidden">
        {done}
      </p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove all sample content?"
        description={`${check.detail} They are removed from every edition and the public pages, and do not come back when the server restarts. Entries no longer marked Sample stay.`}
        confirmLabel="Remove sample content"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
      />
    </div>
  );
}
