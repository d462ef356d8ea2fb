/**
 * An attendee's answers to the registration questions on the manage page: shown to the person
 * and to the buyer of their order (the server sends them only to those), changed by them until
 * the festival ends, under the registration forms' own rules and messages.
 */
import type { Answers, ManageAttendee, ManageSession } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AnswerList, AnswersForm, type AnswerWording } from '~/components/questions/answers-form';
import { Button } from '~/components/ui/button';
import { manageOverviewQueryOptions, saveAnswers } from '../api/manage';

export function AttendeeAnswers({ session, attendee }: { session: ManageSession; attendee: ManageAttendee }) {
  const { t } = useLingui();
  const wording: AnswerWording = {
    yes: t`Yes`,
    no: t`No`,
    chooseAny: t`Choose any that apply.`,
    notAnswered: t`Not answered`,
    notSaved: t`The answers could not be saved. Please try again.`,
  };
  const headingId = useId();
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // The form goes on closing; focus returns to the button that opened it, as soon as that button
  // is back in the page, rather than falling to the page's top.
  const returnFocus = useRef(false);
  const changeButton = (button: HTMLButtonElement | null) => {
    if (!button || !returnFocus.current) return;
    returnFocus.current = false;
    button.focus();
  };
  const queryClient = useQueryClient();
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const save = useMutation({
    mutationFn: (answers: Answers) => saveAnswers(session, attendee.id, answers),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: manageOverviewQueryOptions(session).queryKey });
      close();
      setSaved(true);
    },
  });
  const sheet = attendee.answers;
  if (!sheet || (sheet.questions.length === 0 && sheet.others.length === 0)) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-slate-900">
          <Trans>Answers</Trans>
        </h3>
        {attendee.canEditAnswers && !editing && sheet.questions.length > 0 ? (
          <Button
            ref={changeButton}
            variant="outline"
            aria-label={t`Change answers of ${attendee.name}`}
            onClick={() => {
              setSaved(false);
              save.reset();
              setEditing(true);
            }}
          >
            <Trans>Change answers</Trans>
          </Button>
        ) : null}
      </div>
      {editing ? (
        <AnswersForm
          sheet={sheet}
          id={formId}
          onSave={(answers) => save.mutateAsync(answers)}
          wording={wording}
        >
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="secondary" pending={save.isPending} pendingLabel={t`Saving…`}>
              <Trans>Save answers</Trans>
            </Button>
            <Button variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </AnswersForm>
      ) : (
        <AnswerList sheet={sheet} wording={wording} />
      )}
      {attendee.canEditAnswers ? null : (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>The festival is over, so answers can no longer be changed.</Trans>
        </p>
      )}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {saved ? t`Answers saved.` : ''}
      </p>
    </section>
  );
}
