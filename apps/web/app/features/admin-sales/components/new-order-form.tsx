/**
 * "New order" in the console: comp passes on a guest list, or an order finance was paid for by
 * bank transfer. The organizer picks the ticket, lists the attendees (as the registration export
 * names them: country and state by name), gives the reason and the guest list or the bank
 * reference. The shared request schemas check the form, so its messages are the server's; the
 * server prices a bank transfer and answers with the order's reference and total.
 */
import {
  BANK_TRANSFER_ORDER_ROLES,
  BankTransferOrderRequestSchema,
  COMP_ORDER_ROLES,
  CompOrderRequestSchema,
  GUEST_LIST_NAMES,
  GUEST_LISTS,
  MAX_CONSOLE_ORDER_ATTENDEES,
  PARTICIPANT_CATEGORY_NAMES,
  type BankTransferOrderRequest,
  type CompOrderRequest,
  type ConsoleOrder,
  type OrganizerRole,
} from '@festival/shared';
import { useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';
import { Button, buttonClassName } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { FormInput, FormSelect, useZodForm } from '~/components/console/form-fields';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { useCreateConsoleOrder } from '../api/console-orders';
import { useTicketTypes } from '../api/ticket-types';

const GUEST_LIST_OPTIONS = GUEST_LISTS.map((list) => ({ value: list, label: GUEST_LIST_NAMES[list] }));

const AttendeeValues = z.object({
  name: z.string(),
  email: z.string(),
  countryCode: z.string(),
  contactNo: z.string(),
  companyName: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});

const FormValuesSchema = z.object({
  kind: z.enum(['comp', 'bank_transfer']),
  ticketTypeId: z.string(),
  guestList: z.string(),
  bankReference: z.string(),
  reason: z.string(),
  attendees: z.array(AttendeeValues),
});
type FormValues = z.infer<typeof FormValuesSchema>;

type OrderRequest =
  { kind: 'comp'; body: CompOrderRequest } | { kind: 'bank_transfer'; body: BankTransferOrderRequest };

const common = (values: FormValues) => ({
  ticketTypeId: values.ticketTypeId,
  attendees: values.attendees,
  reason: values.reason,
});

/** The form checked by the shared schema of its kind; its messages land on the same field paths. */
const NewOrderFormSchema = FormValuesSchema.superRefine((values, ctx) => {
  const parsed =
    values.kind === 'comp'
      ? CompOrderRequestSchema.safeParse({ ...common(values), guestList: values.guestList })
      : BankTransferOrderRequestSchema.safeParse({ ...common(values), bankReference: values.bankReference });
  if (parsed.success) return;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

function toRequest(values: FormValues): OrderRequest {
  return values.kind === 'comp'
    ? { kind: 'comp', body: CompOrderRequestSchema.parse({ ...common(values), guestList: values.guestList }) }
    : {
        kind: 'bank_transfer',
        body: BankTransferOrderRequestSchema.parse({
          ...common(values),
          bankReference: values.bankReference,
        }),
      };
}

const BLANK_ATTENDEE: FormValues['attendees'][number] = {
  name: '',
  email: '',
  countryCode: '+91',
  contactNo: '',
  companyName: '',
  city: '',
  state: '',
  country: 'India',
};

const allows = (roles: readonly OrganizerRole[], role: OrganizerRole) => roles.includes(role);

/** The page: the form, then what was made. */
export function NewOrderPage() {
  const { role } = useOrganizer();
  const ticketTypes = useTicketTypes();
  const [made, setMade] = useState<ConsoleOrder | null>(null);
  const [attempt, setAttempt] = useState(0);

  return (
    <>
      <PageHeader
        title="New order"
        description="Comp passes for a guest list, or an order paid by bank transfer. Seats count against capacity like any order."
        actions={
          <Link to="/admin/orders" className={buttonClassName('outline', 'whitespace-nowrap')}>
            Back to orders
          </Link>
        }
      />
      {made ? (
        <div
          role="status"
          // The button that was pressed is gone: keyboard and screen-reader users continue from here.
          tabIndex={-1}
          ref={(node) => node?.focus()}
          className="rounded-xl border border-green-200 bg-green-50 p-4 text-slate-900 focus:outline-none"
        >
          <p className="font-semibold">
            Order{' '}
            <Link to={`/admin/orders/${made.reference}`} className="font-mono text-brand-700 underline">
              {made.reference}
            </Link>{' '}
            created: {made.attendees} {made.attendees === 1 ? 'pass' : 'passes'},{' '}
            {made.source === 'comp' ? 'comp (₹0)' : <Money paise={made.amount} />}.
          </p>
          <p className="mt-1 text-sm">The passes are being emailed to the attendees.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              setMade(null);
              setAttempt((n) => n + 1);
            }}
          >
            Make another order
          </Button>
        </div>
      ) : (
        <QueryState
          query={ticketTypes}
          loadingLabel="Loading the ticket types…"
          isEmpty={(data) => data.items.every((ticket) => ticket.archivedAt !== null)}
          empty="There are no ticket types yet. Add one under Ticket types first."
        >
          {(data) => (
            <NewOrderForm
              key={attempt}
              role={role}
              tickets={data.items
                .filter((ticket) => ticket.archivedAt === null)
                .map((ticket) => ({
                  value: String(ticket.id),
                  label: `${ticket.name} (${PARTICIPANT_CATEGORY_NAMES[ticket.participantCategoryId as 1] ?? ''})`,
                }))}
              onMade={setMade}
            />
          )}
        </QueryState>
      )}
    </>
  );
}

function NewOrderForm({
  role,
  tickets,
  onMade,
}: {
  role: OrganizerRole;
  tickets: { value: string; label: string }[];
  onMade: (order: ConsoleOrder) => void;
}) {
  const kinds = [
    ...(allows(COMP_ORDER_ROLES, role) ? [{ value: 'comp', label: 'Comp passes (no payment)' }] : []),
    ...(allows(BANK_TRANSFER_ORDER_ROLES, role)
      ? [{ value: 'bank_transfer', label: 'Paid by bank transfer' }]
      : []),
  ];
  const form = useZodForm(NewOrderFormSchema, {
    defaultValues: {
      kind: allows(COMP_ORDER_ROLES, role) ? 'comp' : 'bank_transfer',
      ticketTypeId: '',
      guestList: '',
      bankReference: '',
      reason: '',
      attendees: [BLANK_ATTENDEE],
    },
  });
  const attendees = useFieldArray({ control: form.control, name: 'attendees' });
  const create = useCreateConsoleOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const kind = form.watch('kind');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onMade(await create.mutateAsync(toRequest(values)));
    } catch (error) {
      // The server names attendee fields by path (`attendees.0.country`), as the form does.
      const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
      for (const [field, message] of fields)
        form.setError(field as Path<FormValues>, { type: 'server', message });
      setFailure(fields.length > 0 ? 'Please correct the highlighted fields.' : errorMessage(error));
    }
  });

  return (
    <form noValidate className="space-y-6" onSubmit={(event) => void onSubmit(event)}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <h2 className="text-lg font-semibold text-brand-900 sm:col-span-2">Order</h2>
        <FormSelect form={form} name="kind" label="Kind" required options={kinds} placeholder="Choose" />
        <FormSelect
          form={form}
          name="ticketTypeId"
          label="Ticket"
          required
          options={tickets}
          placeholder="Choose a ticket"
          hint="Its capacity and sales dates apply as at checkout."
        />
        {kind === 'comp' ? (
          <FormSelect
            form={form}
            name="guestList"
            label="Guest list"
            required
            options={GUEST_LIST_OPTIONS}
            placeholder="Choose"
          />
        ) : (
          <FormInput
            form={form}
            name="bankReference"
            label="Bank reference (UTR)"
            required
            autoComplete="off"
            hint="The amount is the ticket’s price with GST; a tax invoice is issued."
          />
        )}
        <FormInput
          form={form}
          name="reason"
          label="Reason"
          required
          autoComplete="off"
          hint="Kept in the audit log with your name."
        />
      </section>

      <section className="space-y-4">
        <h2 className="text-lg font-semibold text-brand-900">Attendees</h2>
        {attendees.fields.map((field, index) => (
          <fieldset
            key={field.id}
            className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900">Attendee {index + 1}</legend>
            <FormInput
              form={form}
              name={`attendees.${index}.name`}
              label="Name"
              required
              autoComplete="off"
            />
            <FormInput
              form={form}
              name={`attendees.${index}.email`}
              label="Email"
              type="email"
              required
              autoComplete="off"
            />
            <div className="grid grid-cols-[5.5rem_1fr] gap-2">
              <FormInput
                form={form}
                name={`attendees.${index}.countryCode`}
                label="Code"
                required
                inputMode="tel"
              />
              <FormInput
                form={form}
                name={`attendees.${index}.contactNo`}
                label="Phone"
                type="tel"
                required
                autoComplete="off"
              />
            </div>
            <FormInput
              form={form}
              name={`attendees.${index}.companyName`}
              label="Company"
              autoComplete="off"
            />
            <FormInput
              form={form}
              name={`attendees.${index}.city`}
              label="City"
              required
              autoComplete="off"
            />
            <FormInput
              form={form}
              name={`attendees.${index}.country`}
              label="Country"
              required
              autoComplete="off"
            />
            <FormInput
              form={form}
              name={`attendees.${index}.state`}
              label="State"
              autoComplete="off"
              hint="Required for countries with states"
            />
            {attendees.fields.length > 1 ? (
              <div className="flex items-end">
                <Button variant="outline" onClick={() => attendees.remove(index)}>
                  Remove attendee {index + 1}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ))}
        {form.formState.errors.attendees?.message ? (
          <p className="text-sm text-red-700">{form.formState.errors.attendees.message}</p>
        ) : null}
        {attendees.fields.length < MAX_CONSOLE_ORDER_ATTENDEES ? (
          <Button variant="outline" onClick={() => attendees.append(BLANK_ATTENDEE)}>
            Add an attendee
          </Button>
        ) : null}
      </section>

      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant="secondary"
          pending={create.isPending}
          pendingLabel="Creating the order…"
        >
          {kind === 'comp' ? 'Issue comp passes' : 'Enter the paid order'}
        </Button>
        <Link to="/admin/orders" className={buttonClassName('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
