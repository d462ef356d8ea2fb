/** Adds or renames an award category of the current edition, checked by the shared schema. */
import { AwardCategoryInputSchema, type AdminAwardCategory, type AwardCategoryInput } from '@festival/shared';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';

export function AwardCategoryForm({
  category,
  onSave,
  onCancel,
}: {
  category: AdminAwardCategory | null;
  onSave: (input: AwardCategoryInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useZodForm(AwardCategoryInputSchema, { defaultValues: { name: category?.name ?? '' } });
  const { onSubmit: submit, failure } = useServerSubmit(form, async (input) => {
    await onSave(input);
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormInput form={form} name="name" label="Category name" required />
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
          {category ? 'Save name' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
