import { PageHeader } from '~/components/console/page-header';
import { adminMeta } from '~/features/admin/meta';
import { ReportsView } from '~/features/admin-reports/reports';

export const meta = () => adminMeta('Reports');

/** An edition's sales and GST, vouchers, refunds, check-ins and waiting lists. */
export default function ReportsPage() {
  return (
    <>
      <PageHeader
        title="Reports"
        description="Sales and GST by ticket type and day, vouchers, refunds, check-ins by hour and gate, and waiting lists, for this edition or a past one. Each as CSV or Excel."
      />
      <ReportsView />
    </>
  );
}
