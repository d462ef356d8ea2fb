/**
 * Adds or edits a registration question: its wording and help text, its kind, the options of a
 * choice (one per line), whether an answer is required, and whom it is asked of (everyone, a
 * participant category, or one ticket type). Checked with the shared QuestionInputSchema, so
 * the rules and messages are the server's; the server's refusals (a new kind for an answered
 * question) show above the form.
 */
import {
  CHOICE_KINDS,
  PARTICIPANT_CATEGORY_NAMES,
  QuestionInputSchema,
  type AdminQuestion,
  type QuestionInput,
  type QuestionTicketType,
  type QuestionKind,
} from '@festival/shared';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Checkbox, FormAlert, Textarea } from '~/components/ui/field';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { useSaveQuestion } from '../api/questions';

export const KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Text',
  choice: 'One choice',
  multi_choice: 'Several choices',
  yes_no: 'Yes or no',
};
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** A question's scope as the select holds it: `all`, `category:<id>` or `ticket:<id>`. */
const scopeOf = (question: AdminQuestion | undefined) =>
  question?.ticketTypeId
    ? `ticket:${question.ticketTypeId}`
    : question?.participantCategoryId
      ? `category:${question.participantCategoryId}`
      : 'all';

const QuestionFormSchema = z
  .object({
    label: z.string(),
    helpText: z.string(),
    kind: z.string().min(1, 'Choose a kind of question'),
    options: z.string(),
    required: z.boolean(),
    scope: z.string(),
  })
  .transform((values): QuestionInput => {
    const [what, id] = values.scope.split(':');
    const isChoice = CHOICE_KINDS.includes(values.kind as QuestionKind);
    return {
      label: values.label,
      helpText: values.helpText,
      kind: values.kind as QuestionKind,
      // Blank lines are left out; a kind without options sends none, whatever the box still holds.
      options: isChoice
        ? values.options
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
      required: values.required,
      participantCategoryId: what === 'category' ? Number(id) : null,
      ticketTypeId: what === 'ticket' ? Number(id) : null,
    };
  })
  .pipe(QuestionInputSchema);

type FormValues = z.input<typeof QuestionFormSchema>;

function initialValues(question: AdminQuestion | undefined): FormValues {
  return {
    label: question?.label ?? '',
    helpText: question?.helpText ?? '',
    kind: question?.kind ?? 'text',
    options: question?.options.join('\n') ?? '',
    required: question?.required ?? false,
    scope: scopeOf(question),
  };
}

export function QuestionDialog({
  question,
  edition,
  ticketTypes,
  onClose,
}: {
  question?: AdminQuestion;
  /** The edition the list shows: a new question is added to it. */
  edition: { id: number; name: string };
  ticketTypes: readonly QuestionTicketType[];
  onClose: () => void;
}) {
  const save = useSaveQuestion(question, edition.id);
  const form = useZodForm(QuestionFormSchema, { defaultValues: initialValues(question) });
  const formId = `question-${question?.id ?? 'new'}`;
  const kind = useWatch({ control: form.control, name: 'kind' }) as QuestionKind;
  const { onSubmit, failure } = useServerSubmit(form, async (body) => {
    await save.mutateAsync(body);
    onClose();
  });
  const scopeOptions = [
    { value: 'all', label: 'Everyone' },
    ...Object.entries(PARTICIPANT_CATEGORY_NAMES).map(([id, name]) => ({
      value: `category:${id}`,
      label: `${name} attendees`,
    })),
    ...ticketTypes
      .filter((ticket) => !ticket.archived || scopeOf(question) === `ticket:${ticket.id}`)
      .map((ticket) => ({
        value: `ticket:${ticket.id}`,
        label: `${ticket.name} (${PARTICIPANT_CATEGORY_NAMES[ticket.participantCategoryId as 1] ?? ''}) ticket`,
      })),
  ];
  const optionsError = form.formState.errors.options?.message;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={question ? 'Edit question' : 'New question'}
      description={`${edition.name}: asked on the registration form of each attendee it applies to.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            pending={save.isPending}
            pendingLabel="Saving…"
          >
            {question ? 'Save changes' : 'Add question'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void onSubmit(event)}
      >
        {failure ? (
          <div className="sm:col-span-2">
            <FormAlert>{failure}</FormAlert>
          </div>
        ) : null}
        <FormInput
          form={form}
          name="label"
          label="Question"
          required
          className="sm:col-span-2"
          autoComplete="off"
        />
        <FormInput
          form={form}
          name="helpText"
          label="Help text"
          className="sm:col-span-2"
          autoComplete="off"
          hint="Optional: shown under the question."
        />
        <FormSelect
          form={form}
          name="kind"
          label="Kind"
          required
          options={KIND_OPTIONS}
          placeholder="Choose a kind"
          hint={question && question.answers > 0 ? 'Cannot change once attendees have answered.' : undefined}
        />
        <FormSelect
          form={form}
          name="scope"
          label="Asked of"
          required
          options={scopeOptions}
          placeholder="Choose"
        />
        {CHOICE_KINDS.includes(kind) ? (
          <Textarea
            label="Options"
            required
            className="sm:col-span-2"
            rows={5}
            hint="One option per line, in the order shown."
            error={optionsError}
            {...form.register('options')}
          />
        ) : null}
        <Checkbox className="sm:col-span-2" label="An answer is required" {...form.register('required')} />
      </form>
    </Dialog>
  );
}
