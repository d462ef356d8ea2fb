/**
 * The sales chart's bars on recharts, loaded by SalesChart when it first renders: recharts (with
 * its d3 parts, about 1,350 modules) stays out of the dashboard's first chunk and out of the
 * server's import of the web build.
 */
import type { Dashboard } from '@festival/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '~/components/console/format';

const SERIES_NAMES: Record<string, string> = { orders: 'Paid orders', seats: 'Seats' };

const shortDay = (day: string) => formatDay(day).replace(/ \d{4}$/, '');

export default function SalesBarChart({ days }: { days: Dashboard['salesByDay'] }) {
  return (
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
  );
}
