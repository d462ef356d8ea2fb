/**
 * "Join the waiting list" for a sold-out ticket type: name, email and how many
 * seats, validated with the shared schema; the server checks again that the type is sold out
 * and caps the seats at one order's worth. When seats come back, the first in line gets an
 * email with a voucher code that holds them.
 */
import type { TicketType, WaitingListJoin, WaitingListJoinSchema } from '@festival/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ShownText, useShownText } from '~/components/shown-text';
import { Button } from '~/components/ui/button';
import { FormAlert, Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { lazyResolver } from '~/lib/lazy-resolver';
import { useJoinWaitingList } from '../api/join-waiting-list';

const waitingListResolver = lazyResolver(() =>
  import('../lib/waiting-list-resolver').then((module) => module.waitingListResolver),
);

type JoinInput = z.input<typeof WaitingListJoinSchema>;
const FIELDS = ['name', 'email', 'quantity'] as const;

export function WaitingListJoin({ ticket, seats }: { ticket: TicketType; seats: number }) {
  const { t } = useLingui();
  const ticketText = useShownText();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const join = useJoinWaitingList();
  // The page's language: the list's emails (joined, the offer) are written in it.
  const locale = usePageLocale();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const maxSeats = ticket.soldPer === 'company' ? 1 : undefined;
  const form = useForm<JoinInput, unknown, WaitingListJoin>({
    defaultValues: {
      ticketTypeId: ticket._id,
      name: '',
      email: '',
      quantity: Math.min(seats, maxSeats ?? seats),
    },
    mode: 'onTouched',
    resolver: waitingListResolver,
  });
  useEffect(() => {
    if (open) void waitingListResolver.preload();
  }, [open]);
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    setFailure(undefined);
    join.mutate(
      { ...body, locale },
      {
        onSuccess: ({ data, message }) =>
          setDone(
            `${message} ${
              data.ahead === 0
                ? t`You are first in line.`
                : t`${plural(data.ahead, { one: '# person is ahead of you.', other: '# people are ahead of you.' })}`
            }`,
          ),
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const field of FIELDS) {
              const message = error.fieldErrors[field];
              if (message) form.setError(field, { message });
            }
            if (FIELDS.some((field) => error.fieldErrors[field])) return;
          }
          setFailure(error.message);
        },
      },
    );
  });

  const ticketName = ticketText(ticket.translations, 'name', ticket.name);
  if (done) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
        <ShownText translations={ticket.translations} field="name" english={ticket.name} />: {done}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <Button
        variant="outline"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        <Trans>Join the waiting list for {ticketName}</Trans>
      </Button>
      {open ? (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-3 grid gap-3 sm:grid-cols-2"
        >
          <Input
            label={t`Your name`}
            required
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Input
            label={t`Email`}
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Input
            label={t`How many seats`}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxSeats}
            required
            hint={maxSeats === 1 ? t`One per company` : undefined}
            error={errors.quantity?.message}
            {...form.register('quantity')}
          />
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" pending={join.isPending} pendingLabel={t`Joining…`}>
              <Trans>Join the waiting list</Trans>
            </Button>
          </div>
          {failure ? (
            <div className="sm:col-span-2">
              <FormAlert>{failure}</FormAlert>
            </div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
