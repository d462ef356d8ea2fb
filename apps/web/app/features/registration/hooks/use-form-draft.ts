/**
 * A half-filled registration form kept in this tab's sessionStorage, so a reload, a switch to
 * another tab of /register or an accidental navigation away loses nothing typed. Only in the
 * browser (never sent anywhere), and only in this tab: sessionStorage ends with the tab, so a
 * shared computer does not keep someone's contact details for the next person, as the attendee
 * list beside it does (event-pass/lib/stored-attendees.ts). Files cannot be kept (a file input
 * can only be filled by the person choosing the file), so the form says they must be chosen
 * again; neither is the terms box, which is ticked at the time of sending.
 *
 * The draft is written on every change through react-hook-form's `watch`, removed once the values
 * are the form's defaults again (a successful submit resets the form; so does Start again), and
 * put back with `reset` once the form has mounted: the prerendered page has no draft, and the
 * first render in the browser must match it.
 */
import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'festival.registration-draft:';

/** The stored part of `values`: every field but those in `skip`. */
function draftOf(values: Partial<FieldValues> | undefined, skip: readonly string[]): string {
  const kept = Object.entries(values ?? {}).filter(([name]) => !skip.includes(name));
  return JSON.stringify(Object.fromEntries(kept));
}

/**
 * `values` without blank answers, for comparing with the defaults: a registration question's
 * field starts as '' although the defaults' `answers` is `{}`.
 */
function meaningful(values: Partial<FieldValues> | undefined): FieldValues {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]): [string, unknown] =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? [name, Object.fromEntries(Object.entries(value as object).filter(([, answer]) => answer !== ''))]
        : [name, value],
    ),
  );
}

function read(key: string): FieldValues | undefined {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as FieldValues)
      : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, draft: string | undefined): void {
  try {
    if (draft === undefined) window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, draft);
  } catch {
    // Storage full or disabled (private mode): the form works, it just does not survive a reload.
  }
}

export interface FormDraftOptions<Values extends FieldValues, Context, Output> {
  form: UseFormReturn<Values, Context, Output>;
  /** Names the form's draft (one per tab's form); undefined keeps none (a form in a dialog). */
  key: string | undefined;
  /** Fields never stored: files, the terms box, anything secret. */
  skip: readonly string[];
}

/**
 * Keeps `form`'s values under `key` until they are its defaults again.
 * @returns `startAgain`, which empties the form (back to its defaults) and forgets the draft.
 */
export function useFormDraft<Values extends FieldValues, Context, Output>({
  form,
  key,
  skip,
}: FormDraftOptions<Values, Context, Output>) {
  const skipped = skip.join('\n');

  useEffect(() => {
    if (!key) return;
    const fields = skipped.split('\n');
    const saved = read(key);
    if (saved) {
      const kept = Object.fromEntries(Object.entries(saved).filter(([name]) => !fields.includes(name)));
      // Values typed before the draft came back (the page answers before its code loads) win.
      const typed = Object.fromEntries(
        Object.entries(form.getValues()).filter(([name]) => form.getFieldState(name as never).isDirty),
      );
      form.reset({ ...form.getValues(), ...kept, ...typed }, { keepDefaultValues: true });
    }
    // Compared once the change is complete: resetField announces a new value before it makes it
    // the default (the country set to India once the list arrives), so a draft is not mistaken
    // for one that differs from the defaults.
    const subscription = form.watch(() => {
      queueMicrotask(() => {
        const values = form.getValues();
        // The control's defaults as they are now; formState.defaultValues is a render's copy.
        const untouched =
          draftOf(meaningful(values), fields) === draftOf(meaningful(form.control._defaultValues), fields);
        write(key, untouched ? undefined : draftOf(values, fields));
      });
    });
    return () => subscription.unsubscribe();
  }, [form, key, skipped]);

  const startAgain = useCallback(() => {
    form.reset();
    if (key) write(key, undefined);
  }, [form, key]);

  return { startAgain };
}
