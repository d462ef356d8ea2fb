import { QuestionList } from '~/features/admin-questions/components/question-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Registration questions');

/** The registration questions of the current edition. */
export default function QuestionsPage() {
  return <QuestionList />;
}
