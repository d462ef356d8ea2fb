/**
 * An edition's registration questions in the order the forms ask them: whom each is asked of,
 * whether it is required, how many attendees answered. The current edition unless the organizer
 * picks another in the edition switcher (kept in the address as `?edition=`, so it survives a
 * reload and can be shared). Owners and managers add to the edition shown, edit, move (Up and
 * Down buttons, so the order changes by keyboard too), archive, restore and delete unanswered
 * ones; finance reads.
 */
import { PARTICIPANT_CATEGORY_NAMES, type AdminQuestion, type QuestionTicketType } from '@festival/shared';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
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
} from '../api/questions';
import { KIND_LABELS, QuestionDialog } from './question-form';

/** Whom a question is asked of, in words. */
function askedOf(question: AdminQuestion, ticketTypes: readonly QuestionTicketType[]): string {
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

/** The edition the address names (`?edition=<id>`); undefined for the current one. */
function useChosenEdition() {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('edition'));
  const edition = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const choose = (id: number, current: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (current) next.delete('edition');
        else next.set('edition', String(id));
        return next;
      },
      { replace: true },
    );
  return { edition, choose };
}

export function QuestionList() {
  const { role } = useOrganizer();
  const editor = role === 'owner' || role === 'manager';
  const { edition, choose } = useChosenEdition();
  const questions = useAdminQuestions(edition);
  const archive = useArchiveQuestion();
  const remove = useDeleteQuestion();
  const reorder = useReorderQuestions(questions.data?.editionId);
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const selectId = useId();
  const types = useMemo(() => questions.data?.ticketTypes ?? [], [questions.data]);
  const editions = questions.data?.editions ?? [];
  const shown = editions.find((row) => row.id === questions.data?.editionId);
  const isCurrent = shown !== undefined && shown.id === editions[0]?.id;

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
        description={
          isCurrent || !shown
            ? 'Asked on the registration forms of the current edition, in this order, after the standard fields. A question with answers is archived rather than deleted, so its answers keep their question.'
            : `Questions of ${shown.name}, not the current edition: its forms no longer ask them. Changes here show on its registrations.`
        }
        actions={
          editor && shown ? (
            // One line at any width: a long description beside it must not squeeze the label.
            <Button variant="secondary" className="whitespace-nowrap" onClick={() => setEditing('new')}>
              New question
            </Button>
          ) : null
        }
      />
      {editions.length > 1 ? (
        <div className="mb-4">
          <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
            Edition
          </label>
          <select
            id={selectId}
            value={edition ?? questions.data?.editionId ?? ''}
            onChange={(event) => {
              setActionError(null);
              const id = Number(event.target.value);
              choose(id, id === editions[0]?.id);
            }}
            className="mt-1 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {editions.map((row, index) => (
              <option key={row.id} value={row.id}>
                {index === 0 ? `${row.name} (current)` : row.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {actionError ? (
        <div className="mb-4">
          <FormAlert>{actionError}</FormAlert>
        </div>
      ) : null}
      {questions.isError && edition !== undefined ? (
        <p className="mb-4">
          <Button variant="outline" onClick={() => choose(edition, true)}>
            Show the current edition
          </Button>
        </p>
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
      {editing && shown ? (
        <QuestionDialog
          {...(editing === 'new' ? {} : { question: editing })}
          edition={shown}
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
