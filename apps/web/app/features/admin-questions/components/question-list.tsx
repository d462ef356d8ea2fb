/**
 * The current edition's registration questions in the order the forms ask them: whom each is
 * asked of, whether it is required, how many attendees answered. Owners and managers add, edit,
 * move (Up and Down buttons, so the order changes by keyboard too), archive, restore and delete
 * unanswered ones; finance reads.
 */
import { PARTICIPANT_CATEGORY_NAMES, type AdminQuestion, type AdminTicketType } from '@festival/shared';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { PageHeader } from '~/components/console/page-header';
import { PlainBadge } from '~/components/console/status-badge';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import {
  useAdminQuestions,
  useArchiveQuestion,
  useDeleteQuestion,
  useReorderQuestions,
  useTicketTypeChoices,
} from '../api/questions';
import { KIND_LABELS, QuestionDialog } from './question-form';

/** Whom a question is asked of, in words. */
function askedOf(question: AdminQuestion, ticketTypes: readonly AdminTicketType[]): string {
  if (question.ticketTypeId) {
    const ticket = ticketTypes.find((type) => type.id === question.ticketTypeId);
    return ticket ? `${ticket.name} ticket` : 'One ticket type';
  }
  if (question.participantCategoryId) {
    return `${PARTICIPANT_CATEGORY_NAMES[question.participantCategoryId as 1] ?? 'One category'} attendees`;
  }
  return 'Everyone';
}

const small = 'min-h-9 px-3';

export function QuestionList() {
  const { role } = useOrganizer();
  const editor = role === 'owner' || role === 'manager';
  const questions = useAdminQuestions();
  const ticketTypes = useTicketTypeChoices();
  const archive = useArchiveQuestion();
  const remove = useDeleteQuestion();
  const reorder = useReorderQuestions();
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const types = useMemo(() => ticketTypes.data?.items ?? [], [ticketTypes.data]);

  const columns = useMemo<AdminColumn<AdminQuestion>[]>(() => {
    const items = questions.data?.items ?? [];
    const active = items.filter((question) => question.archivedAt === null).map((question) => question.id);
    const fail = { onError: (error: Error) => setActionError(errorMessage(error)) };
    /** Moves a question one place up (-1) or down (+1) among the active ones. */
    const move = (id: number, by: -1 | 1) => {
      const order = [...active];
      const from = order.indexOf(id);
      const [moved] = order.splice(from, 1);
      if (moved === undefined) return;
      order.splice(from + by, 0, moved);
      setActionError(null);
      reorder.mutate(order, fail);
    };
    const base: AdminColumn<AdminQuestion>[] = [
      {
        id: 'question',
        header: 'Question',
        cell: ({ row }) => (
          <>
            <span className="block min-w-40 font-semibold">{row.original.label}</span>
            {row.original.helpText ? (
              <span className="block text-xs text-slate-600">{row.original.helpText}</span>
            ) : null}
            {row.original.options.length > 0 ? (
              <span className="block text-xs text-slate-600">{row.original.options.join(' · ')}</span>
            ) : null}
          </>
        ),
      },
      { id: 'kind', header: 'Kind', cell: ({ row }) => KIND_LABELS[row.original.kind] },
      { id: 'asked', header: 'Asked of', cell: ({ row }) => askedOf(row.original, types) },
      { id: 'required', header: 'Required', cell: ({ row }) => (row.original.required ? 'Yes' : 'No') },
      { id: 'answers', header: 'Answers', cell: ({ row }) => row.original.answers },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) =>
          row.original.archivedAt ? (
            <PlainBadge>Archived</PlainBadge>
          ) : (
            <PlainBadge tone="good">Asked</PlainBadge>
          ),
      },
    ];
    if (!editor) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const question = row.original;
          const place = active.indexOf(question.id);
          return (
            <div className="flex min-w-48 flex-wrap gap-2">
              {place >= 0 ? (
                <>
                  <Button
                    variant="outline"
                    className={small}
                    aria-label={`Move ${question.label} up`}
                    disabled={place === 0 || reorder.isPending}
                    onClick={() => move(question.id, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="outline"
                    className={small}
                    aria-label={`Move ${question.label} down`}
                    disabled={place === active.length - 1 || reorder.isPending}
                    onClick={() => move(question.id, 1)}
                  >
                    Down
                  </Button>
                </>
              ) : null}
              <Button
                variant="outline"
                className={small}
                aria-label={`Edit ${question.label}`}
                onClick={() => setEditing(question)}
              >
                Edit
              </Button>
              <Button
                variant="outline"
                className={small}
                aria-label={`${question.archivedAt ? 'Restore' : 'Archive'} ${question.label}`}
                onClick={() => {
                  setActionError(null);
                  archive.mutate({ id: question.id, archive: question.archivedAt === null }, fail);
                }}
              >
                {question.archivedAt ? 'Restore' : 'Archive'}
              </Button>
              {question.answers === 0 ? (
                <Button
                  variant="outline"
                  className={small}
                  aria-label={`Delete ${question.label}`}
                  onClick={() => {
                    remove.reset();
                    setDeleting(question);
                  }}
                >
                  Delete
                </Button>
              ) : null}
            </div>
          );
        },
      },
    ];
  }, [editor, questions.data, types, archive, remove, reorder]);

  return (
    <>
      <PageHeader
        title="Registration questions"
        description="Asked on the registration forms of the current edition, in this order, after the standard fields. A question with answers is archived rather than deleted, so its answers keep their question."
        actions={
          editor ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              New question
            </Button>
          ) : null
        }
      />
      {actionError ? (
        <div className="mb-4">
          <FormAlert>{actionError}</FormAlert>
        </div>
      ) : null}
      <DataTable
        caption="Registration questions"
        columns={columns}
        rows={questions.data?.items}
        rowId={(row) => String(row.id)}
        loading={questions.isPending}
        error={questions.error}
        onRetry={() => void questions.refetch()}
        emptyMessage="No questions yet: the forms ask only the standard fields."
      />
      {editing ? (
        <QuestionDialog
          {...(editing === 'new' ? {} : { question: editing })}
          ticketTypes={types}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this question?"
        description={`“${deleting?.label ?? ''}” has no answers; it goes from the forms and from this list.`}
        confirmLabel="Delete question"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}
