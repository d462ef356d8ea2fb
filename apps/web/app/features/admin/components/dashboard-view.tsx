/** The dashboard's figures (issue 8 §2), each block a titled section. */
import type { Dashboard } from '@festival/shared';
import type { ReactNode } from 'react';
import { DateTime } from '../ui/date-time';
import { Money } from '../ui/money';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-3 text-base font-bold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-slate-900">{children}</dd>
    </div>
  );
}

export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { revenue, registrations, inquiries, votes } = dashboard;
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-500">
        As of <DateTime value={dashboard.asOf} /> (India time)
      </p>
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-4">
        <Stat label="Registrations">{registrations.total}</Stat>
        <Stat label="Paid orders">{dashboard.orders.paid}</Stat>
        <Stat label="Open inquiries">{inquiries.open}</Stat>
        <Stat label="Votes">{votes.total}</Stat>
      </dl>
      {revenue ? (
        <Section title="Revenue">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Gross">
              <Money paise={revenue.gross} />
            </Stat>
            <Stat label="Refunded">
              <Money paise={revenue.refunded} />
            </Stat>
            <Stat label="Net">
              <Money paise={revenue.net} />
            </Stat>
            <Stat label="Refunds on their way">
              <Money paise={revenue.pendingRefunds} />
            </Stat>
          </dl>
        </Section>
      ) : null}
    </div>
  );
}
