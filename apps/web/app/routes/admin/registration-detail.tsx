import { useRegistration } from '~/features/admin-sales/api/registrations';
import { RegistrationDetailView } from '~/features/admin-sales/components/registration-detail';
import { adminMeta } from '~/features/admin/meta';
import { QueryState } from '~/components/console/query-state';
import type { Route } from './+types/registration-detail';

export const meta = () => adminMeta('Registration');

/** One registration with its files, orders and passes. */
export default function RegistrationDetailPage({ params }: Route.ComponentProps) {
  const registration = useRegistration(params.id);
  return (
    <QueryState query={registration} loadingLabel="Loading the registration…">
      {(data) => <RegistrationDetailView registration={data} />}
    </QueryState>
  );
}
