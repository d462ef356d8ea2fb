/** Settings in the console: GST details for invoices and the public contact details. */
import { adminMeta } from '~/features/admin/meta';
import { useSaveSettings, useSettings } from '~/features/admin/settings/api';
import { SettingsForm } from '~/features/admin/settings/settings-form';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Settings');

export default function SettingsPage() {
  const settings = useSettings();
  const save = useSaveSettings();
  return (
    <>
      <PageHeader
        title="Settings"
        description="GST details printed on tax invoices, whether prices include GST, the contact details the site shows, and how many seats a buyer may hold awaiting payment. This does not replace your tax adviser."
      />
      <QueryState query={settings} loadingLabel="Loading the settings…">
        {(values) => (
          <section className="max-w-3xl rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <SettingsForm settings={values} onSave={(body) => save.mutateAsync(body)} />
          </section>
        )}
      </QueryState>
    </>
  );
}
