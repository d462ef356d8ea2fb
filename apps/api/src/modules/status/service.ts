/**
 * The owner's status page: the mail server answers, the payment keys work (a harmless provider
 * call), a pass-signing key is there, DATA_DIR's disk has room, a backup is recent, and no
 * sample content is left on the site; each with what was found and what to do. The checks
 * run in parallel, each bounded by CHECK_TIMEOUT_MS, so one stuck server cannot hang the page.
 */
import { statfs } from 'node:fs/promises';
import { SITE_SAMPLES, type StatusCheck } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payment-providers/provider.js';
import { backupsDir, listBackups } from '../backups/service.js';
import { sampleEntryCounts, siteSamplesShown } from '../content/service.js';
import { activeSigningKey } from '../passes/service.js';

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 10_000;

/** Free space below which the disk check warns, and below which it fails (bytes, and share). */
const DISK_WARN = { bytes: 2 * 1024 ** 3, share: 0.1 };
const DISK_FAIL = { bytes: 200 * 1024 ** 2, share: 0.02 };

export interface StatusContext {
  db: Executor;
  mailer: Mailer;
  provider: PaymentProvider;
  dataDir: string;
  backupEveryHours: number;
  now: Date;
}

const check = (
  id: StatusCheck['id'],
  label: string,
  state: StatusCheck['state'],
  detail: string,
  action: string | null = null,
): StatusCheck => ({ id, label, state, detail, action });

/** `work`, or a rejection after CHECK_TIMEOUT_MS. */
function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function emailCheck(mailer: Mailer): Promise<StatusCheck> {
  const label = 'Email';
  if (!mailer.verify) {
    return check(
      'email',
      label,
      'warn',
      'Emails go to DATA_DIR/outbox on this machine: nobody receives them.',
      'Set SMTP_URL to your mail server (docs/operations.md, "Email").',
    );
  }
  try {
    await bounded(mailer.verify());
    return check('email', label, 'ok', 'The mail server answers and accepts our sign-in.');
  } catch (error) {
    return check(
      'email',
      label,
      'fail',
      `The mail server could not be used: ${messageOf(error)}`,
      'Check SMTP_URL (host, port, user, password) and that the server is up. Emails wait and retry meanwhile.',
    );
  }
}

async function paymentsCheck(provider: PaymentProvider): Promise<StatusCheck> {
  const label = 'Payments';
  if (provider.name === 'sandbox') {
    return check(
      'payments',
      label,
      'warn',
      'Payments go to the built-in sandbox: no money is taken.',
      'Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (docs/operations.md, "Payments").',
    );
  }
  try {
    await bounded(provider.checkKeys());
    return check('payments', label, 'ok', 'Razorpay accepts the keys.');
  } catch (error) {
    return check(
      'payments',
      label,
      'fail',
      messageOf(error),
      'Check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET in the Razorpay dashboard (live keys for real sales).',
    );
  }
}

async function signingKeyCheck(db: Executor): Promise<StatusCheck> {
  const label = 'Pass signing key';
  try {
    const key = await bounded(activeSigningKey(db));
    return check(
      'signing-key',
      label,
      'ok',
      key.configured
        ? `Passes are signed with key ${key.keyId} from CHECKIN_SIGNING_KEY.`
        : `Passes are signed with key ${key.keyId}, kept in the database under BETTER_AUTH_SECRET.`,
      key.configured
        ? null
        : 'Keep BETTER_AUTH_SECRET safe: with another secret a new key is made (older passes still verify).',
    );
  } catch (error) {
    return check(
      'signing-key',
      label,
      'fail',
      `No key can sign passes: ${messageOf(error)}`,
      'Set CHECKIN_SIGNING_KEY on every server process to the same value.',
    );
  }
}

async function diskCheck(dataDir: string): Promise<StatusCheck> {
  const label = 'Disk';
  const stats = await statfs(dataDir);
  const free = stats.bavail * stats.bsize;
  const share = free / (stats.blocks * stats.bsize);
  const words = `${(free / 1024 ** 3).toFixed(1)} GB free (${Math.round(share * 100)} %) where DATA_DIR is.`;
  if (free < DISK_FAIL.bytes || share < DISK_FAIL.share)
    return check(
      'disk',
      label,
      'fail',
      words,
      'Free space now: uploads, emails and backups will fail. Delete old backups or grow the disk.',
    );
  if (free < DISK_WARN.bytes || share < DISK_WARN.share)
    return check(
      'disk',
      label,
      'warn',
      words,
      'Free space soon: move old backups off the machine or grow the disk.',
    );
  return check('disk', label, 'ok', words);
}

async function backupCheck(dataDir: string, everyHours: number, now: Date): Promise<StatusCheck> {
  const label = 'Backups';
  const [newest] = await listBackups(backupsDir(dataDir));
  if (!newest) {
    return check(
      'backup',
      label,
      'warn',
      'No backup has been taken on this server.',
      'Take one on the Backups page, and keep copies off this machine (docs/operations.md, "Backups").',
    );
  }
  const hours = (now.getTime() - newest.createdAt.getTime()) / 3_600_000;
  const age =
    hours < 1
      ? 'less than an hour'
      : hours < 48
        ? `${Math.round(hours)} hours`
        : `${Math.round(hours / 24)} days`;
  const late = everyHours === 0 ? hours > 24 * 7 : hours > everyHours * 2;
  return check(
    'backup',
    label,
    late ? 'warn' : 'ok',
    `The newest backup was taken ${age} ago.`,
    late
      ? everyHours === 0
        ? 'The server takes none of its own (BACKUP_EVERY_HOURS=0): take one now and schedule them.'
        : 'The server should have taken a newer one: look at Failed jobs and the server log.'
      : null,
  );
}

const siteSampleList = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' });

async function sampleContentCheck(db: Executor): Promise<StatusCheck> {
  const label = 'Sample content';
  const [counts, siteSamples] = await Promise.all([sampleEntryCounts(db), siteSamplesShown(db)]);
  const parts = [
    ...Object.entries(counts).map(([collection, entries]) => `${entries} ${collection}`),
    ...(siteSamples ? [`the site's own samples (${siteSampleList.format(SITE_SAMPLES)})`] : []),
  ];
  if (parts.length === 0) return check('sample-content', label, 'ok', 'Every entry on the site is your own.');
  return check(
    'sample-content',
    label,
    'warn',
    `Placeholders from the first start are still on the site: ${parts.join(', ')}.`,
    'Replace or delete them in Content, or remove them all here: visitors see them marked "Sample".',
  );
}

/** Every check, in the page's order. Never throws: a check that breaks reports `fail`. */
export async function systemStatus(ctx: StatusContext): Promise<StatusCheck[]> {
  const guard = (id: StatusCheck['id'], label: string, work: () => Promise<StatusCheck>) =>
    work().catch((error: unknown) =>
      check(id, label, 'fail', `The check itself failed: ${messageOf(error)}`),
    );
  return Promise.all([
    guard('email', 'Email', () => emailCheck(ctx.mailer)),
    guard('payments', 'Payments', () => paymentsCheck(ctx.provider)),
    guard('signing-key', 'Pass signing key', () => signingKeyCheck(ctx.db)),
    guard('disk', 'Disk', () => diskCheck(ctx.dataDir)),
    guard('backup', 'Backups', () => backupCheck(ctx.dataDir, ctx.backupEveryHours, ctx.now)),
    guard('sample-content', 'Sample content', () => sampleContentCheck(ctx.db)),
  ]);
}
