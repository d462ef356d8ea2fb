/**
 * The compose form of a message to attendees: who (audience and filters of the current
 * edition), the subject and the plain-text body with merge fields, then Preview (the email's
 * text as one recipient will get it, recipient by recipient; the HTML part is the same words in
 * the festival's layout), Send test to me, and Send, which asks
 * first with the number of people it goes to. The server resolves the recipients; the form
 * only describes them. Each form has its own key, so a double press sends once.
 */
import {
  MESSAGE_MERGE_FIELDS,
  PARTICIPANT_CATEGORY_NAMES,
  type MessageAudience,
  type MessageDraft,
  type MessageFilter,
  type MessagePreview,
} from '@festival/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert, Input, Select, Textarea } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';
import { useMessageSettings, usePreview, useSendMessage, useSendTest, useTicketTypes } from './api';

const AUDIENCES: { value: MessageAudience; label: string }[] = [
  { value: 'registrations', label: 'Registrations' },
  { value: 'waiting_list', label: 'Waiting list' },
  { value: 'registration_alerts', label: '“Tell me when registration opens” list' },
];
const PAYMENTS = [
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'refunded', label: 'Refunded' },
];
const CHECKED_IN = [
  { value: 'yes', label: 'Checked in' },
  { value: 'no', label: 'Not checked in' },
];
const CATEGORIES = Object.entries(PARTICIPANT_CATEGORY_NAMES).map(([value, label]) => ({ value, label }));

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

interface FormState {
  audience: MessageAudience;
  ticketTypeId: string;
  categoryId: string;
  payment: string;
  checkedIn: string;
  subject: string;
  body: string;
  transactional: boolean;
}

const INITIAL: FormState = {
  audience: 'registrations',
  ticketTypeId: '',
  categoryId: '',
  payment: '',
  checkedIn: '',
  subject: '',
  body: 'Hello {{name}},\n\n',
  transactional: false,
};

function toDraft(editionId: number, form: FormState): MessageDraft {
  const filter: MessageFilter = { editionId, audience: form.audience };
  if (form.audience !== 'registration_alerts' && form.ticketTypeId)
    filter.ticketTypeIds = [Number(form.ticketTypeId)];
  if (form.audience === 'registrations') {
    if (form.categoryId) filter.participantCategoryIds = [Number(form.categoryId)];
    if (form.payment) filter.payment = form.payment as MessageFilter['payment'];
    if (form.checkedIn) filter.checkedIn = form.checkedIn as MessageFilter['checkedIn'];
  }
  return { filter, subject: form.subject, body: form.body, transactional: form.transactional };
}

/** The per-field messages of a 400, under the form's own names. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

export function ComposeMessage({ editionId, editionName }: { editionId: number; editionName: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(INITIAL);
  const [clientKey] = useState(() => crypto.randomUUID());
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState<MessagePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const ticketTypes = useTicketTypes();
  const settings = useMessageSettings(editionId);
  const preview = usePreview();
  const test = useSendTest();
  const send = useSendMessage();

  const typeOptions = useMemo(
    () =>
      (ticketTypes.data?.items ?? []).map((type) => ({
        value: String(type.id),
        label: `${type.name} (${PARTICIPANT_CATEGORY_NAMES[type.participantCategoryId as 1] ?? ''})`,
      })),
    [ticketTypes.data],
  );
  const draft = toDraft(editionId, form);
  const lastError = preview.error ?? test.error ?? send.error;
  const errors = fieldErrorsOf(lastError);

  const update = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setShown(null);
    setNotice('');
  };
  const showPreview = (at: number) => {
    setNotice('');
    test.reset();
    send.reset();
    preview.mutate(
      { ...draft, recipientIndex: at },
      {
        onSuccess: (data) => {
          setShown(data);
          setIndex(Math.min(at, Math.max(0, data.recipientCount - 1)));
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="compose-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="compose-heading" className="text-base font-semibold text-brand-900">
        New message to people of {editionName}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Select
          label="Send to"
          placeholder="Choose who"
          options={AUDIENCES}
          value={form.audience}
          onChange={(event) =>
            update({ audience: (event.target.value || 'registrations') as MessageAudience })
          }
        />
        {form.audience !== 'registration_alerts' ? (
          <Select
            label="Ticket type"
            placeholder="Any ticket type"
            options={typeOptions}
            value={form.ticketTypeId}
            onChange={(event) => update({ ticketTypeId: event.target.value })}
          />
        ) : null}
        {form.audience === 'registrations' ? (
          <>
            <Select
              label="Category"
              placeholder="Any category"
              options={CATEGORIES}
              value={form.categoryId}
              onChange={(event) => update({ categoryId: event.target.value })}
            />
            <Select
              label="Payment"
              placeholder="Paid or not"
              options={PAYMENTS}
              value={form.payment}
              onChange={(event) => update({ payment: event.target.value })}
            />
            <Select
              label="Check-in"
              placeholder="Checked in or not"
              options={CHECKED_IN}
              value={form.checkedIn}
              onChange={(event) => update({ checkedIn: event.target.value })}
            />
          </>
        ) : null}
      </div>
      <Input
        label="Subject"
        required
        maxLength={200}
        value={form.subject}
        error={errors.subject}
        onChange={(event) => update({ subject: event.target.value })}
      />
      <Textarea
        label="Message"
        required
        rows={8}
        value={form.body}
        error={errors.body}
        hint={`Plain text. Merge fields: ${MESSAGE_MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')} (the person’s name, their order reference, the link to manage their registration).`}
        onChange={(event) => update({ body: event.target.value })}
      />
      <Checkbox
        label="Service notice about their own registration (a venue or time change): also sent to people who unsubscribed, without an unsubscribe link"
        checked={form.transactional}
        onChange={(event) => update({ transactional: event.target.checked })}
      />
      {settings.data ? (
        <p className="text-sm text-slate-600">
          Daily limit: {settings.data.leftToday} of {settings.data.dailyCap} emails left today (India time).
        </p>
      ) : null}
      <FormAlert>{lastError && Object.keys(errors).length === 0 ? errorMessage(lastError) : null}</FormAlert>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          pending={preview.isPending}
          pendingLabel="Rendering…"
          onClick={() => showPreview(0)}
        >
          Preview
        </Button>
        <Button
          variant="outline"
          pending={test.isPending}
          pendingLabel="Sending test…"
          onClick={() => {
            preview.reset();
            send.reset();
            test.mutate(draft, { onSuccess: ({ to }) => setNotice(`Test sent to ${to}.`) });
          }}
        >
          Send test to me
        </Button>
        <Button
          variant="secondary"
          pending={preview.isPending && confirming}
          onClick={() => {
            send.reset();
            test.reset();
            preview.mutate(
              { ...draft, recipientIndex: index },
              {
                onSuccess: (data) => {
                  setShown(data);
                  setConfirming(true);
                },
              },
            );
          }}
        >
          Send…
        </Button>
      </div>
      <p
        role="status"
        className={notice ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900' : 'sr-only'}
      >
        {notice}
      </p>
      {shown ? (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3" aria-label="Preview">
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            Goes to {people(shown.recipientCount)}
            {shown.unsubscribedCount > 0
              ? ` (${people(shown.unsubscribedCount)} unsubscribed, left out)`
              : ''}
            .{' '}
            {shown.recipient
              ? `Shown as ${shown.recipient.name} <${shown.recipient.email}> will get it (${index + 1} of ${shown.recipientCount}).`
              : 'Nobody matches: shown with sample data.'}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" disabled={index === 0} onClick={() => showPreview(index - 1)}>
              Previous recipient
            </Button>
            <Button
              variant="outline"
              disabled={index + 1 >= shown.recipientCount}
              onClick={() => showPreview(index + 1)}
            >
              Next recipient
            </Button>
          </div>
          <p className="text-sm font-semibold text-slate-800">Subject: {shown.subject}</p>
          <pre className="max-h-96 overflow-auto rounded border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
            {shown.text}
          </pre>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={shown ? `Send to ${people(shown.recipientCount)}?` : 'Send?'}
        description={
          shown
            ? `“${form.subject}” goes to ${people(shown.recipientCount)} of ${editionName}, one email each, sent over the next minutes. This cannot be undone.`
            : ''
        }
        confirmLabel="Send now"
        pending={send.isPending}
        error={send.error ? errorMessage(send.error) : null}
        onConfirm={() =>
          send.mutate(
            { ...draft, clientKey },
            { onSuccess: (message) => void navigate(`/admin/messages/${message.id}`) },
          )
        }
      />
    </section>
  );
}
