import { EXPORT_ROLES } from '@festival/shared';
import { useOrganizer } from '~/lib/console/use-organizer';
import { adminMeta } from '~/features/admin/meta';
import { ExportLinks } from '~/components/console/export-links';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';
import { useVotingResults } from '~/features/admin-voting/api/voting';
import { VotingView } from '~/features/admin-voting/components/voting-view';

export const meta = () => adminMeta('Voting');

/**
 * Voting: results per nominee, open and close voting, flags, and the export for the
 * roles that may download voters' addresses (not content editors).
 */
export default function VotingPage() {
  const results = useVotingResults();
  const { role } = useOrganizer();
  const mayExport = (EXPORT_ROLES as readonly string[]).includes(role);
  return (
    <>
      <PageHeader
        title="Award voting"
        description="Verified votes only: a vote counts once the voter confirmed the emailed code."
        actions={mayExport ? <ExportLinks what="votes" label="votes" /> : undefined}
      />
      <QueryState query={results} loadingLabel="Loading the results…">
        {(data) => <VotingView results={data} />}
      </QueryState>
    </>
  );
}
