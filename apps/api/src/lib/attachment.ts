/**
 * Sends a CSV or XLSX file (lib/csv.ts, lib/xlsx.ts) as a download: its content type, an
 * `attachment` disposition with `fileName`, and `no-store`, since every such file of the console
 * holds people's data or the festival's figures.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type FileFormat = 'csv' | 'xlsx';

export const FILE_CONTENT_TYPE: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Answers `body` as the attachment `fileName` (without extension) in `format`. */
export function sendAttachment(reply: FastifyReply, fileName: string, format: FileFormat, body: Readable) {
  return reply
    .type(FILE_CONTENT_TYPE[format])
    .header('content-disposition', `attachment; filename="${fileName}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
