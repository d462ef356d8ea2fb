/**
 * Adds or edits an FAQ entry: question and answer as plain text in English, Gujarati and Hindi
 * side by side (one above the other on a phone), checked by the shared schema. English is
 * required; a translation left empty is "not translated" and /gu/faq or /hi/faq shows the English.
 */
import {
  EDITION_FIELDS_HINT,
  FaqItemInputSchema,
  type AdminFaqItem,
  type FaqItemInput,
  type TranslationLocale,
} from '@festival/shared';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { FormInput, FormTextarea, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { TranslatedFieldGroups } from '~/components/console/translations';

const ANSWER_HINT = `Plain text; line breaks are kept. ${EDITION_FIELDS_HINT}`;

export function FaqForm({
  item,
  onSave,
  onCancel,
}: {
  item: AdminFaqItem | null;
  onSave: (input: FaqItemInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const translationOf = (locale: TranslationLocale) => ({
    question: item?.translations[locale]?.question ?? '',
    answer: item?.translations[locale]?.answer ?? '',
  });
  const form = useZodForm(FaqItemInputSchema, {
    defaultValues: {
      question: item?.question ?? '',
      answer: item?.answer ?? '',
      translations: { gu: translationOf('gu'), hi: translationOf('hi') },
    },
  });

  const { onSubmit: submit, failure } = useServerSubmit(form, async (input) => {
    await onSave(input);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TranslatedFieldGroups
        english={
          <>
            <FormInput form={form} name="question" label="Question" required />
            <FormTextarea form={form} name="answer" label="Answer" hint={ANSWER_HINT} required rows={8} />
          </>
        }
        translation={(locale, language) => (
          <>
            <FormInput
              form={form}
              name={`translations.${locale}.question`}
              label={`Question in ${language}`}
              hint="Optional: left empty, the page shows the English."
              lang={locale}
            />
            <FormTextarea
              form={form}
              name={`translations.${locale}.answer`}
              label={`Answer in ${language}`}
              hint="Optional, as the English answer."
              rows={8}
              lang={locale}
            />
          </>
        )}
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
