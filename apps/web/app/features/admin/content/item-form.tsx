/**
 * Adds or edits an entry of a content collection: the fields the collection has
 * (COLLECTION_RULES in packages/shared), an image uploaded at once (the server re-encodes it)
 * with a preview and its text alternative, and the "sample" mark.
 */
import {
  COLLECTION_RULES,
  contentItemSchemaFor,
  type AdminContentItem,
  type ContentCollection,
  type ContentItemValues,
} from '@festival/shared';
import { useId, useMemo } from 'react';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert, Input, Textarea } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { useImageUpload } from './api';

export function ItemForm({
  collection,
  item,
  onSave,
  onCancel,
}: {
  collection: ContentCollection;
  item: AdminContentItem | null;
  onSave: (input: ContentItemValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const rules = COLLECTION_RULES[collection];
  const schema = useMemo(() => contentItemSchemaFor(collection), [collection]);
  const form = useZodForm(schema, {
    defaultValues: {
      name: item?.name ?? '',
      caption: item?.caption ?? '',
      group: item?.group ?? '',
      linkUrl: item?.linkUrl ?? '',
      image: item?.image
        ? { url: item.image.src, width: item.image.width, height: item.image.height, alt: item.image.alt }
        : null,
      sample: item?.sample ?? false,
    },
  });
  const upload = useImageUpload();
  const fileHint = useId();
  const image = form.watch('image');
  const errors = form.formState.errors;

  async function choose(file: File | undefined) {
    if (!file) return;
    try {
      const uploaded = await upload.mutateAsync(file);
      const alt = form.getValues('image')?.alt || form.getValues('name');
      form.setValue(
        'image',
        { url: uploaded.url, width: uploaded.width, height: uploaded.height, alt },
        { shouldValidate: true, shouldDirty: true },
      );
    } catch {
      // The mutation's error is shown under the file field.
    }
  }

  const { onSubmit: submit, failure } = useServerSubmit(form, async (values) => {
    await onSave(values);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormInput form={form} name="name" label="Name" required />
      {rules.captionLabel ? (
        collection === 'event-flow' || collection === 'speakers' ? (
          <FormInput form={form} name="caption" label={rules.captionLabel} required={rules.captionRequired} />
        ) : (
          <Textarea
            label={rules.captionLabel}
            required={rules.captionRequired}
            rows={3}
            error={errors.caption?.message}
            {...form.register('caption')}
          />
        )
      ) : null}
      {rules.groupLabel ? (
        rules.groups ? (
          <FormSelect
            form={form}
            name="group"
            label={rules.groupLabel}
            required={rules.groupRequired}
            placeholder="Choose…"
            options={rules.groups.map((group) => ({
              value: group,
              label: group[0]!.toUpperCase() + group.slice(1),
            }))}
          />
        ) : (
          <FormInput form={form} name="group" label={rules.groupLabel} required={rules.groupRequired} />
        )
      ) : null}
      {rules.hasLink ? (
        <FormInput form={form} name="linkUrl" label="Web address" type="url" placeholder="https://…" />
      ) : null}

      <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">
          Image{rules.imageRequired ? ' (required)' : ''}
        </legend>
        {image ? (
          <img
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            className="h-auto max-h-40 w-auto max-w-full rounded-lg bg-slate-100 object-contain"
            data-testid="image-preview"
          />
        ) : (
          <p className="text-sm text-slate-600">No image yet.</p>
        )}
        <Input
          type="file"
          label={image ? 'Replace the image' : 'Upload an image'}
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG or WebP, up to 5 MB. It is stored re-encoded, without its metadata."
          aria-describedby={fileHint}
          error={
            upload.error
              ? errorMessage(upload.error)
              : errors.image?.message && !image
                ? errors.image.message
                : undefined
          }
          disabled={upload.isPending}
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
        <p id={fileHint} role="status" className="text-sm text-slate-600">
          {upload.isPending ? 'Uploading the image…' : upload.isSuccess ? 'Image uploaded.' : ''}
        </p>
        {image ? (
          <>
            <FormInput
              form={form}
              name="image.alt"
              label="Text alternative"
              hint="What the image shows, for people who cannot see it."
              required
            />
            <div>
              <Button variant="outline" onClick={() => form.setValue('image', null, { shouldDirty: true })}>
                Remove the image
              </Button>
            </div>
          </>
        ) : null}
      </fieldset>

      <Checkbox label="Sample entry (the page marks it as a placeholder)" {...form.register('sample')} />
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="secondary"
          disabled={upload.isPending}
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          {item ? `Save ${rules.itemLabel}` : `Add ${rules.itemLabel}`}
        </Button>
      </div>
    </form>
  );
}
