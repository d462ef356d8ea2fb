/**
 * Sales per day (India time) as a bar chart on recharts, with the same figures as a table
 * beneath for screen readers and anyone who prefers numbers. The bars (recharts) load when
 * the chart first renders: sales-bar-chart.tsx.
 */
import type { Dashboard } from '@festival/shared';
import { lazy, Suspense } from 'react';
import { formatDay, formatPaise } from '~/components/console/format';

const SalesBarChart = lazy(() => import('./sales-bar-chart'));

type SalesDay = Dashboard['salesByDay'][number];

export function SalesChart({ days }: { days: SalesDay[] }) {
  if (days.length === 0) {
    return <p className="text-sm text-slate-600">No paid orders yet.</p>;
  }
  const showRevenue = days.some((day) => day.revenue !== null);
  return (
    <div>
      <Suspense fallback={<div className="h-[260px]" aria-hidden="true" />}>
        <SalesBarChart days={days} />
      </Suspense>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
          Sales per day as a table
        </summary>
        <div className="mt-2 overflow-x-auto" role="region" aria-label="Sales per day" tabIndex={0}>
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Sales per day</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1">
                  Day
                </th>
                <th scope="col" className="px-2 py-1">
                  Paid orders
                </th>
                <th scope="col" className="px-2 py-1">
                  Seats
                </th>
                {showRevenue ? (
                  <th scope="col" className="px-2 py-1">
                    Revenue
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-slate-100">
                  <td className="px-2 py-1">{formatDay(day.date)}</td>
                  <td className="px-2 py-1">{day.orders}</td>
                  <td className="px-2 py-1">{day.seats}</td>
                  {showRevenue ? (
                    <td className="px-2 py-1">{day.revenue === null ? '' : formatPaise(day.revenue)}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
