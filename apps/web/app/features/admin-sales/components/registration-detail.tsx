/**
 * One registration in the console: every field of its form, its orders and
 * passes, its uploaded files (downloaded as attachments), its answers to the registration
 * questions, and — for owners and managers — editing the contact fields and the answers and
 * resending the pass email.
 */
import { formatTicketUnits, type RegistrationDetail } from '@festival/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { canPrint, PrintBadgeButton } from '~/components/console/print-buttons';
import { DateTime } from '~/components/console/date-time';
import { formatDay } from '~/components/console/format';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { useResendPassEmail } from '../api/registrations';
import { EditAnswersButton } from './answers-dialog';
import { EditContactButton } from './contact-form';
import { DetailList, DetailSection } from './detail-list';
import { OrderStatusBadge, PlainBadge } from '~/components/console/status-badge';

const FILE_PURPOSES = { logo: 'Logo', brochure: 'Brochure', product_image: 'Product image' } as const;

function kilobytes(bytes: number) {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function RegistrationDetailView({ registration: r }: { registration: RegistrationDetail }) {
  const { role } = useOrganizer();
  const editor = role === 'owner' || role === 'manager';
  const hasValidPass = r.passes.some((pass) => pass.revokedAt === null);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/registrations" className="text-brand-700 underline-offset-2 hover:underline">
          ← All registrations
        </Link>
      </p>
      <PageHeader
        title={r.name}
        description={`${r.role}${r.companyName ? ` · ${r.companyName}` : ''}`}
        actions={
          editor || (hasValidPass && canPrint(role)) ? (
            <>
              {editor ? <EditContactButton registration={r} /> : null}
              {editor && hasValidPass ? <ResendPassButton id={r.id} /> : null}
              {hasValidPass && canPrint(role) ? (
                <PrintBadgeButton registrationId={r.id} name={r.name} />
              ) : null}
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-5">
        <DetailSection title="Contact">
          <DetailList
            items={[
              ['Contact person', r.name],
              ['Email', r.email],
              ['Phone', `${r.countryCode} ${r.contactNo}`],
              ['Company', r.companyName],
              ['Registered', <DateTime key="registered" value={r.registeredAt} />],
              ['Terms accepted', <DateTime key="terms" value={r.termsAcceptedAt} />],
              [
                'Confirmation email',
                r.confirmationSentAt ? <DateTime key="sent" value={r.confirmationSentAt} /> : 'Not sent yet',
              ],
              ['Ticket chosen on the form', r.chosenTicket?.name ?? null],
            ]}
          />
        </DetailSection>
        <DetailSection title="Location">
          <DetailList
            items={[
              ['Address', r.address],
              ['City', r.city],
              ['State', r.state?.name ?? null],
              ['Country', r.country.name],
              ['Pincode', r.pincode],
            ]}
          />
        </DetailSection>
        {r.startup ? (
          <DetailSection title="Startup">
            <DetailList
              items={[
                ['Startup name', r.companyName],
                ['Legal name', r.startup.legalName],
                ['Founder', r.startup.founderName],
                ['Industry/Sector', r.startup.industryCategory.name],
                ['Stage', r.startup.stage.name],
                ['Team size', r.startup.teamSize],
                ['Established', formatDay(r.startup.establishedOn)],
                ['About', r.description],
              ]}
            />
          </DetailSection>
        ) : null}
        {r.investor ? (
          <DetailSection title="Investor">
            <DetailList
              items={[
                ['Investment amount', <Money key="amount" paise={r.investor.investmentAmount} />],
                ['Description', r.description],
              ]}
            />
          </DetailSection>
        ) : null}
        <DetailSection title="Answers" action={editor ? <EditAnswersButton registration={r} /> : null}>
          {r.answers.length === 0 ? (
            <p className="text-slate-600">No answers to the registration questions.</p>
          ) : (
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {r.answers.map((answer) => (
                <div key={answer.questionId} className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {answer.label}
                  </dt>
                  <dd className="mt-0.5 text-slate-900 wrap-anywhere">{answer.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </DetailSection>
        <DetailSection title="Orders and passes">
          {r.orders.length === 0 ? (
            <p className="text-slate-600">No order yet.</p>
          ) : (
            <ul className="grid gap-2">
              {r.orders.map((order) => {
                const pass = r.passes.find((item) => item.orderReference === order.reference);
                return (
                  <li
                    key={order.reference}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2"
                  >
                    <Link
                      to={`/admin/orders/${order.reference}`}
                      className="font-mono text-sm text-brand-700 underline-offset-2 hover:underline"
                    >
                      {order.reference}
                    </Link>
                    <OrderStatusBadge status={order.status} />
                    <span>
                      {formatTicketUnits(order.tickets)}, <Money paise={order.amount} />
                    </span>
                    {pass ? (
                      <span className="text-sm">
                        Pass <span className="font-mono">{pass.code}</span>{' '}
                        {pass.revokedAt ? (
                          <PlainBadge tone="back">Revoked</PlainBadge>
                        ) : (
                          <PlainBadge tone="good">Valid</PlainBadge>
                        )}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </DetailSection>
        <DetailSection title="Uploaded files">
          {r.files.length === 0 ? (
            <p className="text-slate-600">No files were uploaded with this registration.</p>
          ) : (
            <ul className="grid gap-2">
              {r.files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm font-semibold text-slate-700">{FILE_PURPOSES[file.purpose]}</span>
                  <a
                    href={file.downloadUrl}
                    download
                    className="break-all text-brand-700 underline underline-offset-2"
                  >
                    Download {file.originalName}
                  </a>
                  <span className="text-xs text-slate-500">
                    {file.mimeType}, {kilobytes(file.sizeBytes)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      </div>
    </>
  );
}

function ResendPassButton({ id }: { id: string }) {
  const resend = useResendPassEmail(id);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        pending={resend.isPending}
        pendingLabel="Sending…"
        onClick={() => {
          setError(null);
          resend.mutate(undefined, { onError: (failure) => setError(errorMessage(failure)) });
        }}
      >
        Resend pass email
      </Button>
      <p role="status" className="text-sm text-emerald-800">
        {resend.isSuccess ? `Pass email queued for ${resend.data.recipient}.` : ''}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
