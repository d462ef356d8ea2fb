/**
 * Step one of "Manage my registration": the person gives their email and we send a single-use
 * sign-in link. The answer is the same whether or not the email is registered, so the page
 * reveals nothing about who registered; it is shown in the page's language, and the link's email
 * is written in it. The field is uncontrolled: the
 * form is in the prerendered page, and what is typed before hydration must survive it.
 */
import { MANAGE_LINK_MINUTES } from '@festival/shared';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert, Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { requestManageLink } from '../api/manage';

export interface ManageSignInProps {
  /**
   * Why the person is here again (link used, session ended), shown above the form: the
   * server's message (English), or one of the page's own.
   */
  notice?: string | MessageDescriptor | undefined;
}

export function ManageSignIn({ notice }: ManageSignInProps) {
  const { i18n, t } = useLingui();
  const locale = usePageLocale();
  const headingId = useId();
  const request = useMutation({ mutationFn: (email: string) => requestManageLink(email, locale) });
  const fieldError =
    request.error instanceof ApiError && request.error.status === 400
      ? (request.error.fieldErrors.email ?? request.error.message)
      : undefined;
  const formError = request.error && !fieldError ? request.error.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-bold text-brand-900">
        <Trans>Get a sign-in link</Trans>
      </h2>
      <p className="mt-1 text-slate-700">
        <Trans>
          Enter the email you registered with. We will email you a link that opens your registrations, orders
          and passes. It works once, for {MANAGE_LINK_MINUTES} minutes.
        </Trans>
      </p>
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {typeof notice === 'string' ? notice : i18n._(notice)}
        </p>
      ) : null}
      {request.isSuccess ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900"
        >
          <Trans>
            If this email is registered with us, a sign-in link is on its way. It works once, for{' '}
            {MANAGE_LINK_MINUTES} minutes.
          </Trans>
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4 sm:max-w-md">
        <Input label={t`Email`} type="email" name="email" autoComplete="email" required error={fieldError} />
        <FormAlert>{formError}</FormAlert>
        <div>
          <Button type="submit" pending={request.isPending} pendingLabel={t`Sending…`}>
            <Trans>Send me a sign-in link</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
