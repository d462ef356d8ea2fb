/**
 * Editions in the console: the current edition's details, which the public site
 * shows, and the next edition, which becomes the current one.
 */
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormDialog } from '~/features/admin/content/form-dialog';
import { useCurrentEdition, useEditionChanges } from '~/features/admin/editions/api';
import { EditionForm, editionBody } from '~/features/admin/editions/edition-form';
import { adminMeta } from '~/features/admin/meta';
import { DateTime } from '~/components/console/date-time';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Editions');

export default function EditionsPage() {
  const current = useCurrentEdition();
  const { update, create } = useEditionChanges();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Editions"
        description="The public site shows the current edition; once it has ended, registrations close."
        actions={
          <Button variant="secondary" onClick={() => setCreating(true)}>
            Create the next edition
          </Button>
        }
      />
      <QueryState query={current} loadingLabel="Loading the current edition…">
        {(edition) => (
          <section
            aria-labelledby="current-edition-heading"
            className="max-w-3xl rounded-2xl bg-white p-5 ring-1 ring-slate-200"
          >
            <h2 id="current-edition-heading" className="text-lg font-bold text-brand-900">
              Current edition
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">
              {edition.ended ? (
                <>
                  Ended <DateTime value={edition.endsAt} />: the site says registrations are closed.
                </>
              ) : (
                <>
                  Opens <DateTime value={edition.startsAt} />, closes <DateTime value={edition.endsAt} />.
                </>
              )}
            </p>
            <EditionForm
              key={edition.id}
              edition={edition}
              creating={false}
              submitLabel="Save edition"
              onSave={(values) => update.mutateAsync(editionBody(values))}
            />
          </section>
        )}
      </QueryState>
      <FormDialog open={creating} onOpenChange={setCreating} title="Create the next edition">
        <p className="mb-4 text-sm text-slate-700">
          It becomes the current edition at once: the site shows it, and registrations and sales belong to it.
        </p>
        <EditionForm
          edition={null}
          current={current.data}
          creating
          submitLabel="Create and make current"
          onSave={async (values) => {
            await create.mutateAsync({ ...editionBody(values), copyTicketTypes: values.copyTicketTypes });
            setCreating(false);
          }}
        />
      </FormDialog>
    </>
  );
}
