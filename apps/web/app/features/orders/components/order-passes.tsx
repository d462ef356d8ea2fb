/**
 * The passes of a paid order: one card per attendee with its QR code. The QR code is the
 * server's SVG (qrcode library) shown as an image, so no server markup enters the DOM. The
 * ticket's name is the organizers' translation on a Gujarati or Hindi page, else the English.
 */
import { formatRupees, type OrderSummary, type Pass } from '@festival/shared';
import { Plural, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ShownText } from '~/components/shown-text';

const qrImageSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

export function OrderPasses({ order }: { order: OrderSummary }) {
  const { t } = useLingui();
  const passes = order.passes.length;
  const amount = order.amount === null ? null : formatRupees(order.amount);
  return (
    <div className="text-left">
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <Detail
          term={t`Ticket`}
          value={
            <ShownText translations={order.translations} field="ticketName" english={order.ticketName} />
          }
        />
        <Detail term={t`Quantity`} value={String(order.quantity)} />
        {amount === null ? null : (
          <Detail
            term={t`Amount paid`}
            value={order.tax && order.tax.rateBp > 0 ? t`${amount} incl. GST` : amount}
          />
        )}
      </dl>
      <h2 className="mt-8 text-lg font-bold text-brand-900">
        <Plural value={passes} _0="Your event passes" one="Your event pass" other="Your event passes" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <Plural
          value={passes}
          _0="Show the QR code at the entrance."
          one="Show the QR code at the entrance. We have also emailed it to you."
          other="Show the QR codes at the entrance. We have also emailed them to you."
        />
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {order.passes.map((pass) => (
          <li key={pass.code}>
            <PassTicket pass={pass} eventName={order.Event.name} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function PassTicket({ pass, eventName }: { pass: Pass; eventName: string }) {
  const { t } = useLingui();
  return (
    <article
      aria-label={t`Event pass for ${pass.attendeeName}`}
      className="flex h-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
      data-testid="order-pass"
    >
      <p className="text-xs font-semibold tracking-widest text-accent-700 uppercase">{pass.role}</p>
      <h3 className="mt-1 text-base font-bold text-slate-900">{pass.attendeeName}</h3>
      <p className="text-sm break-all text-slate-600">{pass.email}</p>
      <img
        src={qrImageSource(pass.qrSvg)}
        alt={t`QR code of pass ${pass.code}`}
        width={176}
        height={176}
        className="mt-4 size-44"
      />
      <p className="mt-2 font-mono text-sm font-semibold tracking-wider text-slate-800">{pass.code}</p>
      <p className="mt-1 text-xs text-slate-500">
        <ShownText translations={pass.ticketTranslations} field="name" english={pass.ticketName} /> ·{' '}
        {eventName}
      </p>
    </article>
  );
}
