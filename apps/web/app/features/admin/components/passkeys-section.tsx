/**
 * The account page's passkeys (optional for every role): the organizer's passkeys
 * with their names and dates, adding one (a name, then the browser's WebAuthn prompt) and
 * deleting one after a confirmation. A passkey signs in without password or two-factor code.
 */
import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { ADMIN_QUERY_ROOT, errorMessage, useAdminQuery } from '~/lib/console/admin-client';
import { addPasskey, deletePasskey, listPasskeys, type PasskeySummary } from '../api/passkeys';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DateTime } from '~/components/console/date-time';
import { FormInput, useZodForm } from '~/components/console/form-fields';
import { QueryState } from '~/components/console/query-state';

const PASSKEYS_KEY: QueryKey = [ADMIN_QUERY_ROOT, 'passkeys'];

const AddPasskeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the passkey, e.g. the device it lives on.')
    .max(60, 'Use at most 60 characters.'),
});

export function PasskeysSection() {
  const query = useAdminQuery(queryOptions({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys }));
  return (
    <section aria-labelledby="passkeys-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="passkeys-heading" className="font-bold text-brand-900">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A passkey lets you sign in with this device’s screen lock or a security key instead of your password
        and authentication code. Optional.
      </p>
      <div className="mt-3">
        <QueryState
          query={query}
          loadingLabel="Loading passkeys…"
          isEmpty={(passkeys) => passkeys.length === 0}
          empty="No passkeys yet."
        >
          {(passkeys) => (
            <ul
              aria-label="Your passkeys"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            >
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <AddPasskeyForm />
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = passkey.name ?? 'Unnamed passkey';

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await deletePasskey(passkey.id);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
      <div>
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">
          Added <DateTime value={passkey.createdAt} />
        </p>
      </div>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Delete passkey ${name}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this passkey?"
        description={`“${name}” will no longer sign you in. Remove it from the device or password manager too.`}
        confirmLabel="Delete passkey"
        onConfirm={() => void confirm()}
        pending={pending}
        error={failure}
      />
    </li>
  );
}

function AddPasskeyForm() {
  const queryClient = useQueryClient();
  const form = useZodForm(AddPasskeySchema, { defaultValues: { name: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState(false);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    setAdded(false);
    try {
      await addPasskey(name);
      form.reset();
      setAdded(true);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 max-w-sm space-y-4">
      <FormInput
        form={form}
        name="name"
        label="Passkey name"
        hint="So you can tell your passkeys apart, e.g. “Work laptop” or “Blue security key”."
        autoComplete="off"
        required
      />
      <FormAlert>{failure}</FormAlert>
      {added ? (
        <p role="status" className="text-sm text-green-800">
          Passkey added. You can now sign in with it.
        </p>
      ) : null}
      <Button
        type="submit"
        variant="secondary"
        pending={form.formState.isSubmitting}
        pendingLabel="Waiting for the passkey…"
      >
        Add a passkey
      </Button>
    </form>
  );
}
