/**
 * The organizers' email and phone on /contact, from the settings organizers keep
 * in the console. Nothing is shown until they are set, or when they cannot be loaded: the
 * form beside it always works.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { usePublicContact } from '../api/get-public-contact';

export function ContactDetails() {
  const { t } = useLingui();
  const { data } = usePublicContact();
  if (!data || (!data.publicEmail && !data.publicPhone)) return null;
  return (
    <dl className="mt-6 grid gap-3 sm:grid-cols-2" aria-label={t`Contact the organisers`}>
      {data.publicEmail ? (
        <div>
          <dt className="text-sm font-semibold text-slate-500">
            <Trans>Email</Trans>
          </dt>
          <dd>
            <a href={`mailto:${data.publicEmail}`} className="font-semibold text-brand-800 underline">
              {data.publicEmail}
            </a>
          </dd>
        </div>
      ) : null}
      {data.publicPhone ? (
        <div>
          <dt className="text-sm font-semibold text-slate-500">
            <Trans>Phone</Trans>
          </dt>
          <dd>
            <a
              href={`tel:${data.publicPhone.replace(/[\s-]/g, '')}`}
              className="font-semibold text-brand-800 underline"
            >
              {data.publicPhone}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
