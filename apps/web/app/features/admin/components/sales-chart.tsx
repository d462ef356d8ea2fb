/**
 * Sales per day (India time) as a bar chart on recharts, with the same figures as a table
 * beneath for screen readers and anyone who prefers numbers. recharts is imported only here, so
 * it stays in the console's chunks.
 */
import type { Dashboard } from '@festival/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatPaise } from '../ui/format';

type SalesDay = Dashboard['salesByDay'][number];

const SERIES_NAMES: Record<string, string> = { orders: 'Paid orders', seats: 'Seats' };

const shortDay = (day: string) => formatDay(day).replace(/ \d{4}$/, '');

export function SalesChart({ days }: { days: SalesDay[] }) {
  if (days.length === 0) {
    return <p className="text-sm text-slate-600">No paid orders yet.</p>;
  }
  const showRevenue = days.some((day) => day.revenue !== null);
  return (
    <div>
      <figure aria-label="Paid orders per day, bar chart" className="m-0">
        <BarChart
          responsive
          data={days}
          style={{ width: '100%', height: 260 }}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip
            labelFormatter={(label) => formatDay(String(label))}
            formatter={(value, name) => [String(value), SERIES_NAMES[String(name)] ?? String(name)]}
          />
          <Legend formatter={(name) => SERIES_NAMES[String(name)] ?? String(name)} />
          <Bar dataKey="orders" name="orders" fill="#2f3794" maxBarSize={48} />
          <Bar dataKey="seats" name="seats" fill="#f59e0b" maxBarSize={48} />
        </BarChart>
      </figure>
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
