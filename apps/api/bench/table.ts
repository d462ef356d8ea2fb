/** One measured endpoint or run: requests, their rate and latency (ms), and failures. */
export interface Row {
  endpoint: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers (and whatever else the run counts as failed). */
  failures: number;
}

/**
 * Prints a bench table to stdout: the first column left-aligned, the figures right-aligned,
 * each column as wide as its widest cell, a rule under the header.
 */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

/** The middle of `values` (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
