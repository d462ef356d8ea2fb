/**
 * The owner's first-run checklist: one numbered step each for the organizer's details, the
 * GSTIN, the edition, the ticket types and the payment keys, each saying what is set or what is
 * missing and linking to the console page that does it. The server decides every status.
 */
import { SETUP_VIEWER_ROLES, type SetupChecklist, type SetupStep } from '@festival/shared';
import { Link } from 'react-router';
import { useOrganizer } from '~/lib/console/use-organizer';
import { useSetupChecklist } from './api';

const STATUS_LABEL: Record<SetupStep['status'], string> = {
  done: 'Done',
  todo: 'To do',
  advised: 'Advised',
};

const STATUS_STYLE: Record<SetupStep['status'], string> = {
  done: 'bg-emerald-100 text-emerald-900',
  todo: 'bg-amber-100 text-amber-900',
  advised: 'bg-sky-100 text-sky-900',
};

function Step({ step, index }: { step: SetupStep; index: number }) {
  const inPage = step.href.startsWith('/admin/setup#');
  const action = step.status === 'done' ? 'Review' : 'Open';
  return (
    <li
      id={step.key === 'payments' ? 'payments' : undefined}
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-start sm:gap-4"
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-900 font-bold text-white"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-brand-900">
          {step.title}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[step.status]}`}>
            {STATUS_LABEL[step.status]}
          </span>
        </h2>
        <p className="mt-1 text-sm text-slate-700">{step.detail}</p>
        {step.key === 'payments' && step.status !== 'done' ? (
          <p className="mt-2 text-sm text-slate-600">
            Payment keys are server settings, not console fields: they stay out of the database and of every
            export. Whoever runs the server sets them, as the Payments section of docs/operations.md explains.
          </p>
        ) : null}
      </div>
      {inPage ? null : (
        <Link
          to={step.href}
          aria-label={`${action}: ${step.title}`}
          className="self-start rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {action}
        </Link>
      )}
    </li>
  );
}

/** The steps in order, with the refusal to take money above them when there is one. */
export function SetupChecklistView({ checklist }: { checklist: SetupChecklist }) {
  return (
    <div className="max-w-3xl space-y-4">
      {checklist.takesMoneyReason ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-900 ring-1 ring-red-200"
        >
          Checkout takes no money yet. Buyers are told: “{checklist.takesMoneyReason}”
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {checklist.remaining === 0
          ? 'Everything is set: the festival can sell.'
          : `${checklist.remaining} of ${checklist.steps.length} steps left.`}
      </p>
      <ol className="space-y-3">
        {checklist.steps.map((step, index) => (
          <Step key={step.key} step={step} index={index} />
        ))}
      </ol>
    </div>
  );
}

/**
 * A line on the dashboard while steps are left, for the roles that may open the checklist;
 * nothing once everything is set (or while it loads, so the dashboard does not jump).
 */
export function SetupReminder() {
  const { role } = useOrganizer();
  const allowed = (SETUP_VIEWER_ROLES as readonly string[]).includes(role);
  const checklist = useSetupChecklist(allowed);
  const remaining = checklist.data?.remaining ?? 0;
  if (!allowed || remaining === 0) return null;
  return (
    <p className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <span>
        Setup: {remaining} {remaining === 1 ? 'step' : 'steps'} left before the festival can sell as it
        should.
      </span>
      <Link to="/admin/setup" className="font-semibold underline underline-offset-2">
        Finish setting up
      </Link>
    </p>
  );
}
