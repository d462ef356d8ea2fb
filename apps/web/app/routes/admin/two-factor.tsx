import { ROLES_REQUIRING_TWO_FACTOR } from '@festival/shared';
import { useNavigate } from 'react-router';
import { TotpEnrolment } from '~/features/admin/components/totp-enrolment';
import { useOrganizer } from '~/lib/console/use-organizer';
import { adminMeta } from '~/features/admin/meta';
import { homeFor } from '~/features/admin/nav';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Two-factor authentication');

/**
 * Two-factor enrolment. Owners, managers and finance land here until they enrol (the layout
 * sends them); other roles may enrol from their account page.
 */
export default function TwoFactorPage() {
  const { organizer, role } = useOrganizer();
  const navigate = useNavigate();
  const required = ROLES_REQUIRING_TWO_FACTOR.includes(role);
  return (
    <>
      <PageHeader
        title="Two-factor authentication"
        description={
          organizer.twoFactorEnabled
            ? undefined
            : required
              ? `Your role (${role}) must use an authenticator app. Set it up to open the console.`
              : 'Protect your account with an authenticator app.'
        }
      />
      {organizer.twoFactorEnabled ? (
        <p className="rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-green-900">
          Two-factor authentication is on for your account.
        </p>
      ) : (
        <TotpEnrolment onEnrolled={() => void navigate(homeFor(role))} />
      )}
    </>
  );
}
