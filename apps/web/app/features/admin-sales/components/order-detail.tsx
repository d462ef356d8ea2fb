/**
 * One order in the console: what was bought and by whom, its attendees and
 * their passes (valid or revoked), its refunds, its timeline (created, reservation, every
 * payment event, emails, refunds, organizers' actions) and the actions the organizer's role
 * may take.
 */
import {
  formatGstRate,
  formatTicketUnits,
  GUEST_LIST_NAMES,
  ORDER_SOURCE_NAMES,
  type OrderDetail,
} from '@festival/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useOrganizer } from '~/lib/console/use-organizer';
import { canPrint, PrintButtons } from '~/components/console/print-buttons';
import { DateTime } from '~/components/console/date-time';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { DetailList, DetailSection } from './detail-list';
import { taxDocumentPdfHref } from '../api/invoices';
import { OrderActions } from './order-actions';
import { AttendeeActions } from './attendee-actions';
import { GstDetailsAction } from './gst-details-action';
import { OrderStatusBadge, PlainBadge } from '~/components/console/status-badge';

const REFUND_STATUS = {
  requested: 'Requested',
  pending: 'With the provider',
  processed: 'Processed',
  failed: 'Failed: return the money by hand',
} as const;

export function OrderDetailView({ order }: { order: OrderDetail }) {
  const { role } = useOrganizer();
  const [attendeeNotice, setAttendeeNotice] = useState('');
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline-offset-2 hover:underline">
          ← All orders
        </Link>
      </p>
      <PageHeader title={`Order ${order.reference}`} description={formatTicketUnits(order.tickets)} />
      <OrderActions order={order} role={role} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-5">
          <DetailSection title="Summary">
            <DetailList
              items={[
                ['Status', <OrderStatusBadge key="status" status={order.status} />],
                ['Amount', <Money key="amount" paise={order.amount} />],
                [
                  'Source',
                  order.guestList
                    ? `${ORDER_SOURCE_NAMES[order.source]}, ${GUEST_LIST_NAMES[order.guestList]} guest list`
                    : ORDER_SOURCE_NAMES[order.source],
                ],
                [
                  'Voucher',
                  order.voucher ? (
                    <span key="voucher">
                      <span className="font-mono font-semibold">{order.voucher.code}</span> (seat price{' '}
                      <Money paise={order.voucher.unitAmount} />)
                    </span>
                  ) : (
                    'None'
                  ),
                ],
                ['Buyer', `${order.buyerName}, ${order.buyerEmail}`],
                ['Created', <DateTime key="created" value={order.createdAt} />],
                ['Paid', order.paidAt ? <DateTime key="paid" value={order.paidAt} /> : 'Not paid'],
                ['Payment', order.paidOffline ? 'Bank transfer (recorded by an organizer)' : order.provider],
                ['Provider order', order.providerOrderId],
                ['Payment id', order.providerPaymentId],
                ['Can still be refunded', <Money key="refundable" paise={order.refundable} />],
              ]}
            />
          </DetailSection>
          <DetailSection title="Attendees and passes">
            <ul className="grid gap-2">
              {order.attendees.map((attendee) => (
                <li
                  key={attendee.registrationId}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2"
                >
                  <Link
                    to={`/admin/registrations/${attendee.registrationId}`}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {attendee.name}
                  </Link>
                  <span className="min-w-0 text-slate-600 wrap-anywhere">{attendee.email}</span>
                  {attendee.passCode ? (
                    <span className="text-sm">
                      Pass <span className="font-mono">{attendee.passCode}</span>
                      {attendee.ticketName ? `, ${attendee.ticketName}` : ''}{' '}
                      {attendee.passRevoked ? (
                        <PlainBadge tone="back">Revoked</PlainBadge>
                      ) : (
                        <PlainBadge tone="good">Valid</PlainBadge>
                      )}
                    </span>
                  ) : (
                    <span className="text-sm text-slate-600">No pass</span>
                  )}
                  <AttendeeActions order={order} attendee={attendee} role={role} onDone={setAttendeeNotice} />
                </li>
              ))}
            </ul>
            <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
              {attendeeNotice}
            </p>
          </DetailSection>
          {order.status === 'paid' &&
          canPrint(role) &&
          order.attendees.some((attendee) => attendee.passCode && !attendee.passRevoked) ? (
            <DetailSection title="Printing">
              <PrintButtons
                selection={{ orderReference: order.reference }}
                label={`order ${order.reference}`}
              />
            </DetailSection>
          ) : null}
          <OrderGstSection gst={order.gst} action={<GstDetailsAction order={order} role={role} />} />
          {order.refunds.length > 0 ? (
            <DetailSection title="Refunds">
              <ul className="grid gap-2">
                {order.refunds.map((refund) => (
                  <li key={refund.id} className="rounded-lg border border-slate-200 px-3 py-2">
                    <Money paise={refund.amount} className="font-semibold" /> · {REFUND_STATUS[refund.status]}{' '}
                    · <DateTime value={refund.createdAt} />
                    {refund.comment ? (
                      <span className="block text-sm text-slate-600">{refund.comment}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}
        </div>
        <DetailSection title="Timeline">
          <ol className="relative grid gap-4 border-l-2 border-slate-200 pl-4">
            {order.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <DateTime value={entry.at} className="block text-xs text-slate-500" />
                <span className="block text-slate-900 wrap-anywhere">{entry.text}</span>
              </li>
            ))}
          </ol>
        </DetailSection>
      </div>
    </>
  );
}

/** The order's GST split and its tax invoice and credit notes, each downloadable as a PDF. */
function OrderGstSection({ gst, action }: { gst: OrderDetail['gst']; action: ReactNode }) {
  const { tax } = gst;
  if (!tax) return null;
  const half = formatGstRate(tax.rateBp / 2);
  const taxes: [string, ReactNode][] = tax.interState
    ? [[`IGST ${formatGstRate(tax.rateBp)}`, <Money key="igst" paise={tax.igst} />]]
    : [
        [`CGST ${half}`, <Money key="cgst" paise={tax.cgst} />],
        [`${tax.stateTaxName} ${half}`, <Money key="sgst" paise={tax.sgst} />],
      ];
  return (
    <DetailSection title="GST">
      <DetailList
        items={[
          ['Taxable value', <Money key="taxable" paise={tax.taxable} />],
          ...taxes,
          ['Place of supply', `${tax.placeOfSupply.name} (${tax.placeOfSupply.code})`],
          ['SAC', tax.sacCode],
          ['Buyer GSTIN', gst.buyerGstin ?? 'None (B2C)'],
          ['Prices', tax.pricesIncludeGst ? 'GST included' : 'GST added'],
        ]}
      />
      {action}
      {gst.documents.length > 0 ? (
        <ul className="mt-4 grid gap-2">
          {gst.documents.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center gap-x-3 rounded-lg border border-slate-200 px-3 py-2"
            >
              <span>{document.kind === 'invoice' ? 'Tax invoice' : 'Credit note'}</span>
              <a
                href={taxDocumentPdfHref(document.id)}
                download
                className="font-mono font-semibold text-brand-700 underline"
              >
                {document.number}
                <span className="sr-only"> (PDF)</span>
              </a>
              <Money paise={document.total} />
              <DateTime value={document.issuedAt} className="text-sm text-slate-600" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          No tax invoice: it is issued when the order is paid, if the settings have a GSTIN.
        </p>
      )}
    </DetailSection>
  );
}
