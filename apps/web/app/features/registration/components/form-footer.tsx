/**
 * The end of both registration forms: the terms checkbox ('Please accept the terms and
 * conditions', linked to the terms page, which opens in a new tab so the form keeps its
 * values), the form-level message, the notice that the email is registered already, the
 * submit button with its pending state and, for a form that adds a colleague, Cancel. A form
 * that keeps a draft in the browser says so under the buttons, with Start again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { use, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Checkbox, FieldErrorText, FormAlert } from '~/components/ui/field';

export interface FormFooterProps {
  terms?: UseFormRegisterReturn;
  termsError?: string | undefined;
  formError: string | undefined;
  /** The server's message for an email registered already (a link to it went to that inbox). */
  alreadyRegistered?: string | undefined;
  pending: boolean;
  /** Shown as a Cancel button beside Submit when given. */
  onCancel?: (() => void) | undefined;
  /** Given when the form keeps a draft in this tab (useFormDraft). */
  draft?: DraftNoteProps | undefined;
}

export interface DraftNoteProps {
  /** Empties the form and forgets the draft. */
  onStartAgain: () => void;
  /** The form has file inputs, which a draft cannot keep. */
  hasFiles?: boolean;
}

export function FormFooter({
  terms,
  termsError,
  formError,
  alreadyRegistered,
  pending,
  onCancel,
  draft,
}: FormFooterProps) {
  const { t } = useLingui();
  const errorText = use(FieldErrorText);
  return (
    <div className="grid gap-4">
      {terms ? (
        <Checkbox
          label={
            <Trans>
              I accept the{' '}
              <Link
                to="/terms"
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                terms and conditions
              </Link>
            </Trans>
          }
          error={termsError}
          {...terms}
        />
      ) : null}
      <FormAlert>{formError ? errorText(formError) : null}</FormAlert>
      {alreadyRegistered ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950"
        >
          {alreadyRegistered}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" pending={pending} pendingLabel={t`Submitting…`} className="w-full sm:w-auto">
          <Trans>Submit</Trans>
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} className="w-full sm:w-auto">
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
      {draft ? <DraftNote {...draft} /> : null}
    </div>
  );
}

/**
 * What happens to the answers typed: kept in this browser tab, until a submit or Start again.
 * Start again asks once more in place (a slip of the thumb below Submit would empty the form);
 * focus moves to the question and back to Start again if kept.
 */
function DraftNote({ onStartAgain, hasFiles = false }: DraftNoteProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLButtonElement>(null);
  const startAgain = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (answered.current) startAgain.current?.focus();
  }, [asking]);
  const answer = (empty: boolean) => {
    answered.current = true;
    if (empty) onStartAgain();
    setAsking(false);
  };
  return (
    <div
      className={clsx(
        'flex flex-col gap-3 border-t border-slate-200 pt-4 text-sm text-slate-600',
        // The question and its two answers take a line of their own below the note.
        !asking && 'sm:flex-row sm:items-center sm:justify-between',
      )}
    >
      <p>
        <Trans>Your answers are kept in this browser tab until you submit or start again.</Trans>
        {hasFiles ? ` ${t`Files are not kept: after a reload, choose them again.`}` : null}
      </p>
      {asking ? (
        <div
          role="group"
          aria-label={t`Empty the form?`}
          className="flex flex-col gap-2 sm:flex-row sm:items-center"
        >
          <span className="font-medium text-slate-800">
            <Trans>Empty every field?</Trans>
          </span>
          <Button
            ref={question}
            variant="secondary"
            onClick={() => answer(true)}
            className="w-full sm:w-auto"
          >
            <Trans>Empty the form</Trans>
          </Button>
          <Button variant="outline" onClick={() => answer(false)} className="w-full sm:w-auto">
            <Trans>Keep my answers</Trans>
          </Button>
        </div>
      ) : (
        <Button
          ref={startAgain}
          variant="outline"
          onClick={() => setAsking(true)}
          className="w-full shrink-0 sm:w-auto"
        >
          <Trans>Start again</Trans>
        </Button>
      )}
    </div>
  );
}
