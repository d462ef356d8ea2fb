/**
 * One report's bars on recharts, loaded when a report first renders: recharts stays out of the
 * reports page's first chunk (as the dashboard's sales chart does). The figures are always in
 * the table beside it too.
 */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface ReportBar {
  label: string;
  value: number;
}

export default function ReportBarChart({
  title,
  bars,
  format,
}: {
  title: string;
  bars: ReportBar[];
  format: (value: number) => string;
}) {
  return (
    <figure aria-label={`${title}, bar chart`} className="m-0">
      <BarChart
        responsive
        data={bars}
        style={{ width: '100%', height: 220 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis
          allowDecimals={false}
          fontSize={12}
          tickFormatter={(value: number) => format(value)}
          width={72}
        />
        <Tooltip formatter={(value) => [format(Number(value)), title]} />
        <Bar dataKey="value" name={title} fill="#3730a3" maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
