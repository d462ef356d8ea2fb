import { PageHeader } from '~/components/console/page-header';
import { MessageDetailView } from '~/features/admin-messages/message-detail';
import { adminMeta } from '~/features/admin/meta';
import type { Route } from './+types/message-detail';

export const meta = () => adminMeta('Message');

/** One message's progress and recipients. */
export default function MessageDetailPage({ params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Message" description="Who it went to, and what the mail server said." />
      <MessageDetailView id={Number(params.id)} />
    </>
  );
}
