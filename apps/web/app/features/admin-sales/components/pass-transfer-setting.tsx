/**
 * Whether attendees of the current edition may transfer their own passes from the manage page,
 * for owners and managers (the server checks the role again). Organizers transfer any pass from
 * the order's page whatever this says.
 */
import type { OrganizerRole } from '@festival/shared';
import { useState } from 'react';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { usePassTransferSettings, useSavePassTransferSettings } from '../api/order-changes';

export function PassTransferSetting({ role }: { role: OrganizerRole }) {
  if (role !== 'owner' && role !== 'manager') return null;
  return <PassTransferToggle />;
}

function PassTransferToggle() {
  const settings = usePassTransferSettings();
  if (settings.isPending) return null;
  if (settings.error) return <FormAlert>{errorMessage(settings.error)}</FormAlert>;
  return <PassTransferForm allowed={settings.data.attendeesMayTransfer} />;
}

/** The box follows a click at once; a refused save puts it back and says why. */
function PassTransferForm({ allowed }: { allowed: boolean }) {
  const save = useSavePassTransferSettings();
  const [checked, setChecked] = useState(allowed);
  const [notice, setNotice] = useState('');
  return (
    <section aria-label="Pass transfers" className="mb-5 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <Checkbox
        label="Attendees may transfer their own passes from the manage page"
        hint="The new holder gets a new pass by email and the old one stops working. You can transfer any pass from its order’s page either way."
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          setNotice('');
          save.mutate(
            { attendeesMayTransfer: next },
            {
              onSuccess: (saved) =>
                setNotice(
                  saved.attendeesMayTransfer
                    ? 'Attendees may now transfer their passes.'
                    : 'Only organizers transfer passes now.',
                ),
              onError: () => setChecked(!next),
            },
          );
        }}
      />
      {save.error ? <FormAlert>{errorMessage(save.error)}</FormAlert> : null}
      <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
    </section>
  );
}
