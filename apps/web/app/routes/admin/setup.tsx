/** The owner's first-run checklist: what the festival still needs before it can sell. */
import { adminMeta } from '~/features/admin/meta';
import { useSetupChecklist } from '~/features/admin/setup/api';
import { SetupChecklistView } from '~/features/admin/setup/setup-checklist';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Setup');

export default function SetupPage() {
  const checklist = useSetupChecklist();
  return (
    <>
      <PageHeader
        title="Setup"
        description="What the festival needs before it can sell. Each step turns done when its page saves it."
      />
      <QueryState query={checklist} loadingLabel="Loading the checklist…">
        {(data) => <SetupChecklistView checklist={data} />}
      </QueryState>
    </>
  );
}
