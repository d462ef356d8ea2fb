import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { RegistrationAlerts } from '~/features/admin-registration-alerts/registration-alerts';

export const meta = () => adminMeta('Registration alerts');

/** The addresses left on the public "Tell me when registration opens" form. */
export default function RegistrationAlertsPage() {
  return (
    <>
      <PageHeader
        title="Registration alerts"
        description="People who asked on the site to be told when registration opens. Once it is open, email them all from here."
      />
      <RegistrationAlerts />
    </>
  );
}
