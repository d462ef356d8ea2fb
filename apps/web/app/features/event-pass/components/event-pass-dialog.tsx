/**
 * After a registration the attendees dialog says so (the server's message, in a status region) and
 * lists one card per registered person. The spec names it "Event Pass", but nothing here is a pass
 * yet (a pass exists only once paid), so it is titled "Attendees in this registration". '+ Add
 * Attendees' toggles a form below the cards (the route supplies it); 'Proceed' moves on to ticket
 * selection and is disabled while that form is open. Closing the dialog is the route's cue to
 * forget the registered list, so with attendees in it a close (button, Escape, a tap outside) first
 * asks for confirmation in a Radix Alert Dialog: one slip no longer loses the registrations.
 */
import type { ParticipantCategoryId, RegisteredAttendee } from '@festival/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { CATEGORY_NAMES } from '~/content/categories';
import { PassCard } from './pass-card';

export interface EventPassDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  attendees: readonly RegisteredAttendee[];
  addingAttendee: boolean;
  onAddingAttendeeChange: (adding: boolean) => void;
  /** The form that registers one more attendee, shown while `addingAttendee`. */
  addAttendeeForm: ReactNode;
  /** What the server said of the latest registration, in the dialog's status region. */
  notice?: string | undefined;
  onProceed: () => void;
}

export function EventPassDialog({
  open,
  onOpenChange,
  attendees,
  addingAttendee,
  onAddingAttendeeChange,
  addAttendeeForm,
  notice,
  onProceed,
}: EventPassDialogProps) {
  const formSectionId = useId();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (!next && attendees.length > 0) setConfirmingClose(true);
    else onOpenChange(next);
  };
  const formHeading = useRef<HTMLHeadingElement>(null);
  const { i18n, t } = useLingui();
  // Each role by its category, so it reads in the page's language (the server's is English).
  const roleName = (attendee: RegisteredAttendee) => {
    const name = CATEGORY_NAMES[attendee.participantCategoryId as ParticipantCategoryId];
    return name ? i18n._(name) : attendee.role;
  };
  const roles = [...new Set(attendees.map(roleName))].join(', ');
  const count = attendees.length;

  // Opening the form moves focus (and the scroll position) to it, so keyboard and screen
  // reader users land where the new content is.
  useEffect(() => {
    if (addingAttendee) formHeading.current?.focus();
  }, [addingAttendee]);

  return (
    <>
      <Dialog
        closeLabel={t`Close`}
        open={open}
        onOpenChange={requestOpenChange}
        size="lg"
        title={t`Attendees in this registration`}
        description={t`Registered as ${roles}. ${plural(count, { 0: 'No attendees so far.', one: '# attendee so far.', other: '# attendees so far.' })}`}
        footer={
          <>
            <Button
              variant="outline"
              aria-expanded={addingAttendee}
              aria-controls={formSectionId}
              onClick={() => onAddingAttendeeChange(!addingAttendee)}
            >
              <Trans>+ Add Attendees</Trans>
            </Button>
            <Button disabled={addingAttendee} onClick={onProceed}>
              <Trans>Proceed</Trans>
            </Button>
          </>
        }
      >
        <p
          role="status"
          className={
            notice
              ? 'mb-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900'
              : 'sr-only'
          }
        >
          {notice}
        </p>
        <ul className="grid gap-3" aria-label={t`Registered attendees`}>
          {attendees.map((attendee) => (
            <li key={attendee._id}>
              <PassCard attendee={attendee} />
            </li>
          ))}
        </ul>
        <section id={formSectionId} hidden={!addingAttendee} className="mt-6 border-t border-slate-200 pt-5">
          {addingAttendee ? (
            <>
              <h3 ref={formHeading} tabIndex={-1} className="text-base font-bold text-brand-900 outline-none">
                <Trans>Add an attendee</Trans>
              </h3>
              <p className="mb-4 text-sm text-slate-600">
                <Trans>Registers another attendee of this order. Cancel to proceed without them.</Trans>
              </p>
              {addAttendeeForm}
            </>
          ) : null}
        </section>
      </Dialog>
      <AlertDialog.Root open={confirmingClose} onOpenChange={setConfirmingClose}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-brand-950/70" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl">
            <AlertDialog.Title className="text-lg font-bold text-brand-900">
              <Trans>Discard the attendee list?</Trans>
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              {count === 1 ? (
                <Trans>
                  The registered attendee stays registered, but this list closes and you would pay for them
                  later from Manage my registration.
                </Trans>
              ) : (
                <Trans>
                  The {count} registered attendees stay registered, but this list closes and you would pay for
                  them later from Manage my registration.
                </Trans>
              )}
            </AlertDialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">
                  <Trans>Keep the list</Trans>
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button variant="secondary" onClick={() => onOpenChange(false)}>
                  <Trans>Discard</Trans>
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
