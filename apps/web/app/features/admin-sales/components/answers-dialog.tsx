/**
 * Changes an attendee's answers to the registration questions (owners and managers): the
 * questions asked of them now with their answers filled in, under the registration forms' own
 * rules and messages; the server audits which questions changed.
 */
import type { RegistrationDetail } from '@festival/shared';
import { useId, useState } from 'react';
import { AnswersForm } from '~/components/questions/answers-form';
import { ErrorState, LoadingState } from '~/components/console/query-state';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useRegistrationAnswers, useSaveAnswers } from '../api/registrations';

export function EditAnswersButton({ registration }: { registration: RegistrationDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="min-h-9 px-3" onClick={() => setOpen(true)}>
        Edit answers
      </Button>
      {open ? <AnswersDialog registration={registration} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AnswersDialog({ registration, onClose }: { registration: RegistrationDetail; onClose: () => void }) {
  const sheet = useRegistrationAnswers(registration.id);
  const save = useSaveAnswers(registration.id);
  const formId = useId();
  const asked = sheet.data?.questions.length ?? 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit answers"
      description={`${registration.name}, ${registration.role}`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {asked > 0 ? (
            <Button
              type="submit"
              form={formId}
              variant="secondary"
              pending={save.isPending}
              pendingLabel="Saving…"
            >
              Save answers
            </Button>
          ) : null}
        </>
      }
    >
      {sheet.isPending ? (
        <LoadingState label="Loading the questions…" />
      ) : sheet.isError ? (
        <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : asked === 0 ? (
        <p className="text-slate-700">No question is asked of this attendee now.</p>
      ) : (
        <AnswersForm
          sheet={sheet.data}
          id={formId}
          onSave={async (answers) => {
            await save.mutateAsync(answers);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
