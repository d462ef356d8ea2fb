/**
 * The current edition's award categories in the console: add, rename, move up or down, and delete a
 * category that holds no nominee page and no vote. /awards lists them in this order; each nominee
 * page (Pages) belongs to one.
 */
import type { AdminAwardCategory } from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useAwardCategories, useAwardCategoryChanges } from '~/features/admin/content/api';
import { AwardCategoryForm } from '~/features/admin/content/award-category-form';
import { FormDialog } from '~/features/admin/content/form-dialog';
import { adminMeta } from '~/features/admin/meta';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Award categories');

export default function AwardCategoriesPage() {
  const categories = useAwardCategories();
  const changes = useAwardCategoryChanges();
  // undefined: no form open; null: adding.
  const [editing, setEditing] = useState<AdminAwardCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminAwardCategory | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);

  async function move(list: readonly AdminAwardCategory[], index: number, by: -1 | 1, focusId: string) {
    const ids = list.map((category) => category.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setMoveError(null);
    try {
      await changes.reorder.mutateAsync(ids);
      // The button may have reached an end of the list and be disabled: keep focus on the row.
      requestAnimationFrame(() => document.getElementById(focusId)?.focus());
    } catch (failure) {
      setMoveError(errorMessage(failure));
    }
  }

  return (
    <section aria-labelledby="award-categories-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="award-categories-heading" className="text-lg font-bold text-brand-900">
            Award categories of the current edition
          </h2>
          <p className="text-sm text-slate-600">
            A voter has one vote in each category. Earlier editions keep theirs as the archive on /awards.
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Add category
        </Button>
      </div>
      <FormAlert>{moveError}</FormAlert>
      <QueryState
        query={categories}
        loadingLabel="Loading the award categories…"
        isEmpty={(list) => list.length === 0}
        empty="No award categories in this edition yet. Add the first one, then its nominee pages under Pages."
      >
        {(list) => (
          <ol aria-label="Award categories in display order" className="grid gap-3">
            {list.map((category, index) => (
              <li
                key={category.id}
                id={`category-${category.id}`}
                tabIndex={-1}
                className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold text-brand-900">{category.name}</p>
                  <p className="text-sm text-slate-600">
                    {category.nominees} {category.nominees === 1 ? 'nominee' : 'nominees'} · {category.votes}{' '}
                    {category.votes === 1 ? 'vote' : 'votes'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    disabled={index === 0 || changes.reorder.isPending}
                    aria-label={`Move ${category.name} up`}
                    onClick={() => void move(list, index, -1, `category-${category.id}`)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="outline"
                    disabled={index === list.length - 1 || changes.reorder.isPending}
                    aria-label={`Move ${category.name} down`}
                    onClick={() => void move(list, index, 1, `category-${category.id}`)}
                  >
                    Down
                  </Button>
                  <Button
                    variant="outline"
                    aria-label={`Rename ${category.name}`}
                    onClick={() => setEditing(category)}
                  >
                    Rename
                  </Button>
                  {category.nominees === 0 && category.votes === 0 ? (
                    <Button
                      variant="outline"
                      aria-label={`Delete ${category.name}`}
                      onClick={() => setDeleting(category)}
                    >
                      Delete
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <FormDialog
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
        title={editing ? 'Rename the category' : 'Add an award category'}
      >
        {editing !== undefined ? (
          <AwardCategoryForm
            category={editing}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              await changes.save.mutateAsync({ id: editing?.id ?? null, input });
              setEditing(undefined);
            }}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            changes.remove.reset();
          }
        }}
        title={`Delete ${deleting?.name ?? 'the category'}?`}
        description="The category has no nominee pages and no votes; /awards no longer lists it."
        confirmLabel="Delete category"
        pending={changes.remove.isPending}
        error={changes.remove.error ? errorMessage(changes.remove.error) : null}
        onConfirm={() => {
          if (deleting) changes.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
