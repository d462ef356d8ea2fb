/**
 * XLSX exports (exceljs's streaming workbook writer): rows are written and committed one by
 * one, so a large list never sits in memory. Cells are typed (text stays text, numbers stay
 * numbers, instants date cells); a text cell is never read as a formula by Excel, so no prefix
 * is needed here, unlike CSV (lib/csv.ts). The header row stays in view while scrolling.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { CsvColumn } from './csv.js';

/** India is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * An instant as the date cell of its India wall-clock time: a spreadsheet date has no zone, and
 * exceljs writes a `Date` as its UTC reading.
 */
const indiaWallClock = (instant: Date) => new Date(instant.getTime() + INDIA_OFFSET_MS);

/**
 * Streams `rows` as one worksheet named `sheet`, with a bold header row frozen at the top;
 * instants are date cells in India time (`dd mmm yyyy hh:mm`). exceljs (413 modules) is
 * imported on the first export rather than when the server starts.
 */
export function xlsxStream<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: CsvColumn<T>[],
  sheet: string,
): Readable {
  const output = new PassThrough();
  (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
    const worksheet = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((column) => ({
      header: column.header,
      width: Math.max(12, column.header.length + 2),
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const row of rows) {
      const added = worksheet.addRow(
        columns.map((column) => {
          const value = column.value(row);
          return value instanceof Date ? indiaWallClock(value) : (value ?? '');
        }),
      );
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'dd mmm yyyy hh:mm';
      });
      added.commit();
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
