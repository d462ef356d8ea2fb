import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { RegistrationAlerts } from '~/features/admin-registration-alerts/registration-alerts';

export const meta = () => adminMeta('Registration alerts');

/** Issue 3: the addresses left on the public "Tell me when registration opens" form. */
export default function RegistrationAlertsPage() {
  return (
    <>
      <PageHeader
        title="Registration alerts"
        description="People who asked on the site to be told when registration opens. Write to them when it does, then mark them notified."
      />
      <RegistrationAlerts />
    </>
  );
}
