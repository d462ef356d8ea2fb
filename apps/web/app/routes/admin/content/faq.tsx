/**
 * The FAQ in the console: add, edit, reorder and hide questions, in English with their Gujarati
 * and Hindi; /faq shows the visible ones in this order. An entry missing a translation says which.
 */
import { FAQ_TRANSLATED_FIELDS, type AdminFaqItem } from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { useAdminFaq, useFaqChanges } from '~/features/admin/content/api';
import { FaqForm } from '~/features/admin/content/faq-form';
import { FormDialog } from '~/features/admin/content/form-dialog';
import { OrderedList } from '~/features/admin/content/ordered-list';
import { adminMeta } from '~/features/admin/meta';
import { QueryState } from '~/components/console/query-state';
import { UntranslatedNote } from '~/components/console/translations';

export const meta = () => adminMeta('FAQ');

export default function FaqAdminPage() {
  const faq = useAdminFaq();
  const changes = useFaqChanges();
  // undefined: no form open; null: adding.
  const [editing, setEditing] = useState<AdminFaqItem | null | undefined>(undefined);

  return (
    <section aria-labelledby="faq-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="faq-heading" className="text-lg font-bold text-brand-900">
          Frequently asked questions
        </h2>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Add question
        </Button>
      </div>
      <QueryState
        query={faq}
        loadingLabel="Loading the questions…"
        isEmpty={(items) => items.length === 0}
        empty="No questions yet. Add the first one."
      >
        {(items) => (
          <OrderedList
            label="FAQ entries in display order"
            items={items}
            nameOf={(item) => item.question}
            onReorder={(ids) => changes.reorder.mutateAsync(ids)}
            onSetVisible={(item, visible) => changes.setVisible.mutateAsync({ id: item.id, visible })}
            onEdit={setEditing}
            renderItem={(item) => (
              <>
                <p className="font-semibold text-brand-900">{item.question}</p>
                <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-slate-700">{item.answer}</p>
                <UntranslatedNote translations={item.translations} fields={FAQ_TRANSLATED_FIELDS} />
              </>
            )}
          />
        )}
      </QueryState>
      <FormDialog
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
        title={editing ? 'Edit question' : 'Add a question'}
        wide
      >
        {editing !== undefined ? (
          <FaqForm
            item={editing}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              await changes.save.mutateAsync({ id: editing?.id ?? null, input });
              setEditing(undefined);
            }}
          />
        ) : null}
      </FormDialog>
    </section>
  );
}
