import { RegistrationList } from '~/features/admin-sales/components/registration-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Registrations');

/** Registrations and attendees of the current edition. */
export default function RegistrationsPage() {
  return <RegistrationList />;
}
