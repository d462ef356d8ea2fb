/**
 * XLSX exports (exceljs's streaming workbook writer): rows are written and committed one by
 * one, so a large list never sits in memory. Cells are typed (text stays text, numbers stay
 * numbers); a text cell is never read as a formula by Excel, so no prefix is needed here,
 * unlike CSV (lib/csv.ts).
 */
import { PassThrough, type Readable } from 'node:stream';
import type { CsvColumn } from './csv.js';

/**
 * Streams `rows` as one worksheet named `sheet`, with a bold header row. exceljs (413 modules)
 * is imported on the first export rather than when the server starts.
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
    const worksheet = workbook.addWorksheet(sheet);
    worksheet.columns = columns.map((column) => ({
      header: column.header,
      width: Math.max(12, column.header.length + 2),
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const row of rows) {
      worksheet.addRow(columns.map((column) => column.value(row) ?? '')).commit();
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
