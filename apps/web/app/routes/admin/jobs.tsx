import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { JobFailures } from '~/features/admin-jobs/job-failures';

export const meta = () => adminMeta('Failed jobs');

/** Emails, refunds and offers whose last attempt failed, with the reason and a retry. */
export default function JobsPage() {
  return (
    <>
      <PageHeader
        title="Failed jobs"
        description="Work the system does after a change (emails, refunds, waiting-list offers) whose last attempt failed. Most retry by themselves; one that failed for good waits for you."
      />
      <JobFailures />
    </>
  );
}
