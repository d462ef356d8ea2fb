/**
 * The owner's first-run checklist: what the festival still needs before it can sell, read from
 * the settings, the current edition, its ticket types and the payment provider in force, and
 * whether checkout may take money. Nothing is stored here: each step is done when the thing it
 * names is, so the checklist can never disagree with the console pages that do the work.
 */
import { type PaymentProviderName, type SetupChecklist, type SetupStep } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { getCurrentEdition } from '../editions/service.js';
import { formatEventSchedule } from '../mail/layout.js';
import { getCurrentSettings, missingIdentity, moneyRefusal } from '../settings/service.js';
import { listAdminTicketTypes } from '../tickets/admin-service.js';

export interface SetupOptions {
  now: Date;
  provider: PaymentProviderName;
  /** NODE_ENV=production: real buyers, so money waits for the organizer's identity. */
  production: boolean;
}

/** "legal name, address and contact phone". */
function listed(labels: string[]): string {
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** The checklist as the console shows it. */
export async function getSetupChecklist(db: Executor, options: SetupOptions): Promise<SetupChecklist> {
  const [settings, edition, ticketTypes] = await Promise.all([
    getCurrentSettings(db),
    getCurrentEdition(db, options.now),
    listAdminTicketTypes(db, options.now),
  ]);
  const missing = missingIdentity(settings);
  const identity: SetupStep = {
    key: 'identity',
    title: "The organizer's details",
    href: '/admin/settings',
    ...(missing.length === 0
      ? { status: 'done', detail: `${settings.legalName}, ${settings.publicEmail}, ${settings.publicPhone}.` }
      : {
          status: 'todo',
          detail:
            `Missing: ${listed(missing)}. Contact, the footer, invoices and passes show them` +
            (options.production ? '; until they are saved, checkout takes no money.' : '.'),
        }),
  };
  const gstin: SetupStep = {
    key: 'gstin',
    title: 'GSTIN',
    href: '/admin/settings',
    ...(settings.gstin
      ? { status: 'done', detail: `${settings.gstin}: paid orders get tax invoices.` }
      : { status: 'advised', detail: 'No GSTIN: buyers cannot get tax invoices.' }),
  };
  const schedule = formatEventSchedule(new Date(edition.startsAt), new Date(edition.endsAt));
  const editionStep: SetupStep = {
    key: 'edition',
    title: 'The edition',
    href: '/admin/editions',
    ...(edition.ended
      ? { status: 'todo', detail: `${edition.name} has ended: create the next edition to sell again.` }
      : { status: 'done', detail: `${edition.name}: ${schedule}, ${edition.venue}.` }),
  };
  const listedTypes = ticketTypes.filter((type) => type.archivedAt === null && type.visibility === 'visible');
  const onSale = listedTypes.filter((type) => type.onSale);
  const ticketStep: SetupStep = {
    key: 'ticketTypes',
    title: 'Ticket types',
    href: '/admin/ticket-types',
    ...(onSale.length > 0
      ? { status: 'done', detail: `${onSale.length} on sale of ${listedTypes.length} listed.` }
      : listedTypes.length > 0
        ? {
            status: 'todo',
            detail: `${listedTypes.length} listed, none on sale now: check their sales windows.`,
          }
        : { status: 'todo', detail: 'No ticket type is listed: buyers have nothing to choose.' }),
  };
  const payments: SetupStep = {
    key: 'payments',
    title: 'Payment keys',
    href: '/admin/setup#payments',
    ...(options.provider === 'razorpay'
      ? { status: 'done', detail: 'Razorpay keys are set: buyers pay by card, UPI or net banking.' }
      : {
          status: 'todo',
          detail:
            'Payments go to the sandbox, which takes no money and issues passes for free. Set ' +
            'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET on the server and restart it.',
        }),
  };
  const steps = [identity, gstin, editionStep, ticketStep, payments];
  const refusal = moneyRefusal(settings, options.production);
  return {
    steps,
    remaining: steps.filter((step) => step.status !== 'done').length,
    takesMoney: refusal === null,
    takesMoneyReason: refusal,
  };
}
