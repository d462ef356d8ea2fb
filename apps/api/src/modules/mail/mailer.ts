/**
 * Outgoing email through nodemailer. With SMTP_URL set, messages go to that server; without
 * it each message is written to DATA_DIR/outbox as an .eml file and a log line names it, so
 * a local user can read what would have been sent. Neither the log lines nor the files' names
 * carry the recipient: logs are kept and shipped where an erasure does not reach.
 *
 * Send only after the transaction that produced the message has committed, from stored state.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Attachment[];
  /** Where the recipient's answer goes, when not to MAIL_FROM. */
  replyTo?: string;
  /** Extra header fields, e.g. List-Unsubscribe on organizers' messages (modules/messages). */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** Path of the .eml file when the outbox is used. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Connects to the mail server and signs in without sending (nodemailer's `verify`); rejects
   * with the server's or the network's error. Absent where mail goes to the outbox.
   */
  verify?(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** The outbox of DATA_DIR: where mail goes without SMTP_URL. */
export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Creates the mailer. Throws nothing at creation; `send` rejects if delivery fails. */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        log.info({ messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      async verify() {
        await transport.verify();
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ messageId: info.messageId, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

/**
 * Deletes the messages in `outboxDir` that mention `address` anywhere (To, Reply-To, the text),
 * case-blind, for an erasure. Quoted-printable soft line breaks are joined first, so an address
 * a long line split is still found. A missing folder holds nothing.
 * @returns how many files were deleted
 */
export async function deleteOutboxMessagesMentioning(outboxDir: string, address: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const needle = address.toLowerCase();
  let deleted = 0;
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const text = (await readFile(file, 'utf8')).replace(/=\r?\n/g, '').toLowerCase();
    if (!text.includes(needle)) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
