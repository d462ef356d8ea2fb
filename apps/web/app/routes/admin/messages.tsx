import { PageHeader } from '~/components/console/page-header';
import { Messages } from '~/features/admin-messages/messages';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Messages');

/** Emails to the current edition's people, and the messages sent with their progress. */
export default function MessagesPage() {
  return (
    <>
      <PageHeader
        title="Messages"
        description="Write to the people of the current edition: preview, test to yourself, then send. Each recipient's delivery is tracked below."
      />
      <Messages />
    </>
  );
}
