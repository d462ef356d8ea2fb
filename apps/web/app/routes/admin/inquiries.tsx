import { useSearchParams } from 'react-router';
import { adminMeta } from '~/features/admin/meta';
import { ExportLinks } from '~/components/console/export-links';
import { PageHeader } from '~/components/console/page-header';
import { InquiryInbox } from '~/features/admin-inquiries/components/inquiry-inbox';

export const meta = () => adminMeta('Inquiries');

/** Inquiries: the contact form's messages as an inbox, answered by email. */
export default function InquiriesPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Inquiries"
        description="Messages from the contact form. A reply goes out by email and marks the inquiry handled."
        actions={
          <ExportLinks
            what="inquiries"
            label="inquiries"
            filters={{ status: params.get('status'), q: params.get('q') }}
          />
        }
      />
      <InquiryInbox />
    </>
  );
}
