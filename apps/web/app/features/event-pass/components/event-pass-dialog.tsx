/**
 * Spec §2 Register / §4 Registration flow: after a registration the Event Pass dialog lists
 * one pass card per registered person. '+ Add Attendees' toggles a form below the cards
 * (the route supplies it); 'Proceed' moves on to ticket selection and is disabled while that
 * form is open. Closing the dialog is the route's cue to forget the registered list.
 */
import type { RegisteredAttendee } from '@festival/shared';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { PassCard } from './pass-card';

export interface EventPassDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  attendees: readonly RegisteredAttendee[];
  addingAttendee: boolean;
  onAddingAttendeeChange: (adding: boolean) => void;
  /** The form that registers one more attendee, shown while `addingAttendee`. */
  addAttendeeForm: ReactNode;
  onProceed: () => void;
}

export function EventPassDialog({
  open,
  onOpenChange,
  attendees,
  addingAttendee,
  onAddingAttendeeChange,
  addAttendeeForm,
  onProceed,
}: EventPassDialogProps) {
  const formSectionId = useId();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const roles = [...new Set(attendees.map((attendee) => attendee.role))].join(', ');

  // Opening the form moves focus (and the scroll position) to it, so keyboard and screen
  // reader users land where the new content is.
  useEffect(() => {
    if (addingAttendee) formHeading.current?.focus();
  }, [addingAttendee]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Event Pass"
      description={`Registered as ${roles}. ${attendees.length} ${attendees.length === 1 ? 'attendee' : 'attendees'} so far.`}
      footer={
        <>
          <Button
            variant="outline"
            aria-expanded={addingAttendee}
            aria-controls={formSectionId}
            onClick={() => onAddingAttendeeChange(!addingAttendee)}
          >
            + Add Attendees
          </Button>
          <Button disabled={addingAttendee} onClick={onProceed}>
            Proceed
          </Button>
        </>
      }
    >
      <ul className="grid gap-3" aria-label="Registered attendees">
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
              Add an attendee
            </h3>
            <p className="mb-4 text-sm text-slate-600">
              Registers another attendee of this order. Cancel to proceed without them.
            </p>
            {addAttendeeForm}
          </>
        ) : null}
      </section>
    </Dialog>
  );
}
