/**
 * One content collection in the console (speakers, sponsors, featured startups, participant
 * logos, activities, event flow): add, edit, reorder, hide and delete entries.
 */
import {
  COLLECTION_RULES,
  ContentCollectionSchema,
  type AdminContentItem,
  type ContentCollection,
} from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { useAdminCollection, useCollectionChanges } from '~/features/admin/content/api';
import { FormDialog } from '~/features/admin/content/form-dialog';
import { ItemForm } from '~/features/admin/content/item-form';
import { OrderedList } from '~/features/admin/content/ordered-list';
import { errorMessage } from '~/lib/console/admin-client';
import { adminMeta } from '~/features/admin/meta';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { EmptyState, QueryState } from '~/components/console/query-state';
import type { Route } from './+types/collection';

export const meta = ({ params }: Route.MetaArgs) => {
  const parsed = ContentCollectionSchema.safeParse(params.collection);
  return adminMeta(parsed.success ? COLLECTION_RULES[parsed.data].label : 'Site content');
};

export default function CollectionPage({ params }: Route.ComponentProps) {
  const parsed = ContentCollectionSchema.safeParse(params.collection);
  if (!parsed.success) return <EmptyState>There is no such part of the site content.</EmptyState>;
  // Keyed: switching tabs starts the page afresh (no form of another collection left open).
  return <Collection key={parsed.data} collection={parsed.data} />;
}

function Collection({ collection }: { collection: ContentCollection }) {
  const rules = COLLECTION_RULES[collection];
  const list = useAdminCollection(collection);
  const changes = useCollectionChanges(collection);
  const [editing, setEditing] = useState<AdminContentItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminContentItem | null>(null);

  return (
    <section aria-labelledby="collection-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="collection-heading" className="text-lg font-bold text-brand-900">
            {rules.label}
          </h2>
          <p className="text-sm text-slate-600">
            Shown on{' '}
            <a href={rules.path} target="_blank" rel="noreferrer" className="underline">
              {rules.path}
            </a>{' '}
            in this order.
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Add {rules.itemLabel}
        </Button>
      </div>
      <QueryState
        query={list}
        loadingLabel={`Loading ${rules.label.toLowerCase()}…`}
        isEmpty={(items) => items.length === 0}
        empty={`Nothing here yet. Add the first ${rules.itemLabel}.`}
      >
        {(items) => (
          <OrderedList
            label={`${rules.label} in display order`}
            items={items}
            nameOf={(item) => item.name}
            onReorder={(ids) => changes.reorder.mutateAsync(ids)}
            onSetVisible={(item, visible) => changes.setVisible.mutateAsync({ id: item.id, visible })}
            onEdit={setEditing}
            actions={(item) => (
              <Button variant="outline" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)}>
                Delete
              </Button>
            )}
            renderItem={(item) => (
              <div className="flex items-center gap-3">
                {item.image ? (
                  <img
                    src={item.image.src}
                    alt=""
                    width={item.image.width}
                    height={item.image.height}
                    loading="lazy"
                    className="size-14 shrink-0 rounded-lg bg-slate-100 object-contain"
                  />
                ) : null}
                <div className="min-w-0">
                  <p className="font-semibold text-brand-900">
                    {item.name}
                    {item.sample ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                        Sample
                      </span>
                    ) : null}
                  </p>
                  {[item.group, item.caption].filter(Boolean).length > 0 ? (
                    <p className="truncate text-sm text-slate-700">
                      {[item.group, item.caption].filter(Boolean).join(' · ')}
                    </p>
                  ) : null}
                </div>
              </div>
            )}
          />
        )}
      </QueryState>
      <FormDialog
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
        title={editing ? `Edit ${editing.name}` : `Add a ${rules.itemLabel}`}
      >
        {editing !== undefined ? (
          <ItemForm
            collection={collection}
            item={editing}
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
        title={`Delete ${deleting?.name ?? ''}?`}
        description="It disappears from the site and from this list. To take it off the site for a while, hide it instead."
        confirmLabel="Delete"
        pending={changes.remove.isPending}
        error={changes.remove.error ? errorMessage(changes.remove.error) : null}
        onConfirm={() => {
          if (deleting) changes.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
