/** Backups in the organizer console (owners only): the archives kept on the server and a new one. */
import { z } from 'zod';

export const BackupSchema = z.object({
  /** The archive's file name, `backup-2026-11-27T07-40-05Z.tar.gz`. */
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** When it was written (ISO 8601, UTC). */
  createdAt: z.iso.datetime(),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupCreatedSchema = BackupSchema.extend({
  /** Rows the archive holds of the festival's records. */
  orders: z.number().int().nonnegative(),
  passes: z.number().int().nonnegative(),
  /** Tax invoices and credit notes. */
  taxDocuments: z.number().int().nonnegative(),
});
export type BackupCreated = z.infer<typeof BackupCreatedSchema>;

/** An archive's name as the server writes it: nothing else can be asked for. */
export const BackupNameSchema = z
  .string()
  .regex(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/, 'No such backup');
