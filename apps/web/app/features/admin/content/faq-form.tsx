/** Adds or edits an FAQ entry: question and answer as plain text, checked by the shared schema. */
import {
  EDITION_FIELDS_HINT,
  FaqItemInputSchema,
  type AdminFaqItem,
  type FaqItemInput,
} from '@festival/shared';
import { Button } from '~/components/ui/button';
import { FormAlert, Textarea } from '~/components/ui/field';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';

export function FaqForm({
  item,
  onSave,
  onCancel,
}: {
  item: AdminFaqItem | null;
  onSave: (input: FaqItemInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useZodForm(FaqItemInputSchema, {
    defaultValues: { question: item?.question ?? '', answer: item?.answer ?? '' },
  });

  const { onSubmit: submit, failure } = useServerSubmit(form, async (input) => {
    await onSave(input);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormInput form={form} name="question" label="Question" required />
      <Textarea
        label="Answer"
        hint={`Plain text; line breaks are kept. ${EDITION_FIELDS_HINT}`}
        required
        rows={6}
        error={form.formState.errors.answer?.message}
        {...form.register('answer')}
      />
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          {item ? 'Save question' : 'Add question'}
        </Button>
      </div>
    </form>
  );
}
