/**
 * Edits a CMS page's title and text in the rich-text editor, in English, Gujarati and Hindi side
 * by side (one above the other on a phone), or writes a new award nominee page
 * (`/admin/content/pages/new`); a nominee page belongs to an award category of the current
 * edition (an earlier edition's nominee keeps its own). English is required; a translation left
 * empty is "not translated" and /gu/… or /hi/… shows the English. The server sanitises every
 * HTML before it stores it; after saving, the editor shows what was stored.
 */
import {
  CmsPageInputSchema,
  EDITION_FIELDS_HINT,
  type AdminCmsPage,
  type TranslationLocale,
} from '@festival/shared';
import type { z } from 'zod';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button';
import { FormAlert, Select } from '~/components/ui/field';
import { useAdminPage, useAwardCategories, usePageSave } from '~/features/admin/content/api';
import { RichTextEditor } from '~/features/admin/content/rich-text-editor';
import { adminMeta } from '~/features/admin/meta';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { EmptyState, QueryState } from '~/components/console/query-state';
import { TranslatedFieldGroups } from '~/components/console/translations';
import type { Route } from './+types/page-edit';

export const meta = () => adminMeta('Edit page');

export default function PageEditRoute({ params }: Route.ComponentProps) {
  if (params.id === 'new') return <PageEditor page={null} />;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <EmptyState>There is no such page.</EmptyState>;
  return <ExistingPage id={id} />;
}

function ExistingPage({ id }: { id: number }) {
  const page = useAdminPage(id);
  return (
    <QueryState query={page} loadingLabel="Loading the page…">
      {(data) => <PageEditor key={data.id} page={data} />}
    </QueryState>
  );
}

function PageEditor({ page }: { page: AdminCmsPage | null }) {
  const save = usePageSave();
  const navigate = useNavigate();
  const isNominee = page === null || page.kind === 'nominee';
  const categories = useAwardCategories();
  const form = useZodForm(CmsPageInputSchema, { defaultValues: formValues(page) });
  const own = page?.awardCategory;
  const categoryOptions = [
    ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
    // An earlier edition's nominee keeps its category, which the current list does not hold.
    ...(own && !own.current ? [{ value: String(own.id), label: `${own.name} (${own.edition})` }] : []),
  ];
  const [saved, setSaved] = useState(false);
  // Bumped after a save: the editor starts again from the HTML as stored (sanitised).
  const [version, setVersion] = useState(0);

  const { onSubmit: submit, failure } = useServerSubmit(form, async (input) => {
    setSaved(false);
    const stored = await save.mutateAsync({ id: page?.id ?? null, input });
    if (!page) {
      void navigate(`/admin/content/pages/${stored.id}`, { replace: true });
      return;
    }
    form.reset(formValues(stored));
    setVersion((current) => current + 1);
    setSaved(true);
  });

  return (
    <section aria-labelledby="page-edit-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="page-edit-heading" className="text-lg font-bold text-brand-900">
          {page ? `Edit ${page.title}` : 'New award nominee page'}
        </h2>
        <div className="flex flex-wrap gap-2">
          {page ? (
            <a href={page.path} target="_blank" rel="noreferrer" className={buttonClassName('outline')}>
              View on the site
            </a>
          ) : null}
          <Link to="/admin/content/pages" className={buttonClassName('outline')}>
            All pages
          </Link>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {isNominee ? (
          <Select
            label="Award category"
            required
            placeholder={
              categoryOptions.length === 0 ? 'Add a category under Award categories first' : 'Choose…'
            }
            options={categoryOptions}
            hint="Voters have one vote in each category."
            error={form.formState.errors.awardCategoryId?.message}
            className="max-w-xl"
            {...form.register('awardCategoryId')}
          />
        ) : null}
        <p className="text-sm text-slate-600">{EDITION_FIELDS_HINT}</p>
        <TranslatedFieldGroups
          english={
            <>
              <FormInput form={form} name="title" label="Title" required />
              <div>
                <p className="mb-1 text-sm font-medium text-slate-800">Text</p>
                <RichTextEditor
                  key={version}
                  label="Page text"
                  initialHtml={form.getValues('html')}
                  onChange={(html) => form.setValue('html', html, { shouldDirty: true })}
                />
                {form.formState.errors.html ? (
                  <p className="mt-1 text-sm text-red-700">{form.formState.errors.html.message}</p>
                ) : null}
              </div>
            </>
          }
          translation={(locale, language) => (
            <>
              <FormInput
                form={form}
                name={`translations.${locale}.title`}
                label={`Title in ${language}`}
                hint="Optional: left empty, the page shows the English."
                lang={locale}
              />
              <div>
                <p className="mb-1 text-sm font-medium text-slate-800">Text in {language}</p>
                <RichTextEditor
                  key={version}
                  label={`Page text in ${language}`}
                  lang={locale}
                  initialHtml={form.getValues(`translations.${locale}.html`) ?? ''}
                  onChange={(html) =>
                    form.setValue(`translations.${locale}.html`, html, { shouldDirty: true })
                  }
                />
                {form.formState.errors.translations?.[locale]?.html ? (
                  <p className="mt-1 text-sm text-red-700">
                    {form.formState.errors.translations[locale].html.message}
                  </p>
                ) : null}
              </div>
            </>
          )}
        />
        <FormAlert>{failure}</FormAlert>
        <p role="status" className="text-sm text-green-800">
          {saved ? 'Saved. The site shows the page as stored (scripts and unsafe markup removed).' : ''}
        </p>
        <div>
          <Button
            type="submit"
            variant="secondary"
            pending={form.formState.isSubmitting}
            pendingLabel="Saving…"
          >
            {page ? 'Save page' : 'Add page'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The form's values for `page` (null: a new nominee page), every translation field a string. */
function formValues(page: AdminCmsPage | null): z.input<typeof CmsPageInputSchema> {
  const translationOf = (locale: TranslationLocale) => ({
    title: page?.translations[locale]?.title ?? '',
    html: page?.translations[locale]?.html ?? '',
  });
  return {
    title: page?.title ?? '',
    html: page?.html ?? '',
    awardCategoryId: page?.awardCategory?.id ?? null,
    translations: { gu: translationOf('gu'), hi: translationOf('hi') },
  };
}
