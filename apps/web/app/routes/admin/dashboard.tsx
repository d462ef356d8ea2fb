import { DashboardView } from '~/features/admin/components/dashboard-view';
import { useDashboard } from '~/features/admin/api/dashboard';
import { adminMeta } from '~/features/admin/meta';
import { SetupReminder } from '~/features/admin/setup/setup-checklist';
import { JobFailuresNotice } from '~/features/admin-jobs/job-failures';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Dashboard');

/** The console's start page: the current edition's figures, refreshed without a reload. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          dashboard.data ? `${dashboard.data.event.name}: figures refresh every 30 seconds.` : undefined
        }
      />
      <SetupReminder />
      <JobFailuresNotice />
      <QueryState query={dashboard} loadingLabel="Loading the dashboard…">
        {(data) => <DashboardView dashboard={data} />}
      </QueryState>
    </>
  );
}
