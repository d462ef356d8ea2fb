/**
 * One inquiry: the sender's message, the replies sent so far, a reply form (the reply goes by
 * email through the server's job queue, answerable to the organizers' address) and the
 * handled/open switch. Only owners and managers may change an inquiry; others read.
 */
import { InquiryReplyRequestSchema, type Inquiry } from '@festival/shared';
import { useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert, Textarea } from '~/components/ui/field';
import { useOrganizer } from '~/lib/console/use-organizer';
import { errorMessage } from '~/lib/console/admin-client';
import { useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { DateTime } from '~/components/console/date-time';
import { useReply, useSetHandled } from '../api/inquiries';

const CHANGERS = ['owner', 'manager'] as const;

export function InquiryDetail({
  inquiry,
  onClose,
  onChanged,
}: {
  inquiry: Inquiry;
  onClose: () => void;
  /**
   * Told what changed, for the inbox to announce: a change can move the inquiry out of the
   * filtered list (a reply makes an open inquiry handled), which closes this panel.
   */
  onChanged: (notice: string) => void;
}) {
  const { role } = useOrganizer();
  const mayChange = (CHANGERS as readonly string[]).includes(role);
  const handled = useSetHandled();
  const headingId = `inquiry-${inquiry.id}-heading`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening an inquiry moves focus (and, on a phone, the view) to it from the list.
  useEffect(() => heading.current?.focus(), [inquiry.id]);

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="inquiry-detail"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-bold break-words text-brand-900 outline-none"
          >
            {inquiry.subject}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-600">
            {inquiry.contactPersonName} · <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a> ·{' '}
            <a href={`tel:${inquiry.number}`}>{inquiry.number}</a>
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Received <DateTime value={inquiry.createdAt} />
            {inquiry.handledAt ? (
              <>
                {' '}
                · handled <DateTime value={inquiry.handledAt} />
              </>
            ) : null}
          </p>
        </div>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>

      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {inquiry.message ?? <span className="text-slate-500 italic">No message, only a subject.</span>}
      </p>

      {inquiry.replies.length > 0 ? (
        <section className="mt-5" aria-label="Replies">
          <h3 className="text-sm font-bold text-slate-700">Replies</h3>
          <ol className="mt-2 space-y-3">
            {inquiry.replies.map((reply) => (
              <li key={reply.createdAt} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="text-xs text-slate-500">
                  {reply.organizerEmail} · <DateTime value={reply.createdAt} /> ·{' '}
                  {reply.sentAt ? 'sent' : 'queued'}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {mayChange ? (
        <>
          <ReplyForm key={inquiry.id} inquiry={inquiry} onSent={onChanged} />
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
            <Button
              variant="outline"
              pending={handled.isPending}
              pendingLabel="Saving…"
              onClick={() =>
                handled.mutate(
                  { id: inquiry.id, handled: !inquiry.handledAt },
                  {
                    onSuccess: () =>
                      onChanged(
                        `“${inquiry.subject}” is ${inquiry.handledAt ? 'open again' : 'marked handled'}.`,
                      ),
                  },
                )
              }
            >
              {inquiry.handledAt ? 'Open again' : 'Mark handled'}
            </Button>
            {handled.error ? <FormAlert>{errorMessage(handled.error)}</FormAlert> : null}
          </div>
        </>
      ) : null}
    </article>
  );
}

function ReplyForm({ inquiry, onSent }: { inquiry: Inquiry; onSent: (notice: string) => void }) {
  const reply = useReply();
  const form = useZodForm(InquiryReplyRequestSchema, { defaultValues: { message: '' } });

  const { onSubmit: submit, failure: formError } = useServerSubmit(form, async ({ message }) => {
    await reply.mutateAsync({ id: inquiry.id, message });
    form.reset({ message: '' });
    onSent(`Reply queued for ${inquiry.email}.`);
  });

  return (
    <form className="mt-5 space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <Textarea
        label={`Reply to ${inquiry.contactPersonName}`}
        hint="Sent by email from the festival's address; their answer comes back to the organizers' inbox."
        rows={5}
        required
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <FormAlert>{formError}</FormAlert>
      <Button type="submit" variant="secondary" pending={reply.isPending} pendingLabel="Sending…">
        Send reply
      </Button>
    </form>
  );
}
