/**
 * The edition form of the console: name, number, first day's opening and last day's closing in
 * India time (datetime-local fields, sent as instants with +05:30), venue, map link, video, theme,
 * sectors, the home page's headline figures, how visitors register (and the external listing's
 * address), and the order-reference and invoice prefixes. The name, venue and theme are written
 * in English, Gujarati and Hindi side by side (one above the other on a phone), and each figure's
 * label in the three; a translation left empty is "not translated" and /gu/… or /hi/… shows the
 * English. Every public page reads these at run time. Used to edit the current edition and to
 * create the next one.
 */
import {
  EDITION_CLOSED_MESSAGE,
  EditionStatSchema,
  EditionTranslationsSchema,
  EVENT_TIME_ZONE,
  INVOICE_PREFIX_PATTERN,
  nextReferencePrefix,
  REFERENCE_PREFIX_PATTERN,
  requiredText,
  TRANSLATION_LOCALE_NAMES,
  TRANSLATION_LOCALES,
  VisitorRegistrationSchema,
  type Edition,
  type EditionStat,
  type TranslationLocale,
} from '@festival/shared';
import { useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert, Textarea } from '~/components/ui/field';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { TranslatedFieldGroups } from '~/components/console/translations';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const httpsUrl = (message: string) => z.url({ protocol: /^https$/, error: message });
/** A prefix field: upper-cased, checked against the shared pattern; blank allowed when creating. */
const prefix = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(pattern, message)]));

/** The form's rules: those of the shared UpdateEditionSchema (its messages), on form-shaped fields. */
export const EditionFormSchema = z
  .object({
    name: requiredText('Name is required', 150),
    /** A number input's text: blank for an unnumbered edition. */
    editionNumber: z
      .string()
      .trim()
      .regex(/^\d{0,3}$/, 'Enter a whole number')
      .refine((value) => value === '' || Number(value) >= 1, 'At least 1'),
    startsAt: z.string().regex(LOCAL_DATE_TIME, 'Enter the start date and time'),
    endsAt: z.string().regex(LOCAL_DATE_TIME, 'Enter the end date and time'),
    venue: requiredText('Venue is required', 200),
    venueMapUrl: httpsUrl('Enter the map link (https://…)'),
    videoUrl: z.union([z.literal(''), httpsUrl('Enter the video embed address (https://…)')]),
    theme: z.string().trim().max(300, 'At most 300 characters'),
    /** One sector a line; blank lines are dropped. */
    sectors: z
      .string()
      .refine((value) => sectorsOf(value).length <= 20, 'At most 20 sectors')
      .refine(
        (value) => sectorsOf(value).every((sector) => sector.length <= 60),
        'Must be at most 60 characters',
      ),
    stats: z.array(EditionStatSchema).max(8, 'At most 8 figures'),
    visitorRegistration: VisitorRegistrationSchema,
    visitorRegistrationUrl: z.union([z.literal(''), httpsUrl('Enter the listing address (https://…)')]),
    referencePrefix: prefix(REFERENCE_PREFIX_PATTERN, 'Use 2 to 8 letters or digits, starting with a letter'),
    invoicePrefix: prefix(INVOICE_PREFIX_PATTERN, 'Use 1 to 5 letters, digits or -'),
    translations: EditionTranslationsSchema,
    copyTicketTypes: z.boolean(),
  })
  .refine((value) => value.endsAt > value.startsAt, {
    path: ['endsAt'],
    message: 'The end must be after the start',
  })
  .refine((value) => value.visitorRegistration !== 'external' || value.visitorRegistrationUrl !== '', {
    path: ['visitorRegistrationUrl'],
    message: 'Enter the listing address (https://…)',
  });
export type EditionFormValues = z.infer<typeof EditionFormSchema>;

/** The sectors of the textarea's text: one a line, trimmed, blank lines left out. */
const sectorsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const localFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local value in India time ("2024-10-20T10:00"). */
export const toLocal = (instant: string) => localFormat.format(new Date(instant)).replace(' ', 'T');
/** A datetime-local value in India time as an instant (India keeps +05:30 all year). */
export const toInstant = (local: string) => `${local}:00+05:30`;

/**
 * The request body of the form's values. A blank prefix is left out: on creation the server
 * derives it from the current edition's (on an update the field is required, so never blank).
 */
export function editionBody(values: EditionFormValues) {
  return {
    name: values.name,
    editionNumber: values.editionNumber === '' ? null : Number(values.editionNumber),
    startsAt: toInstant(values.startsAt),
    endsAt: toInstant(values.endsAt),
    venue: values.venue,
    venueMapUrl: values.venueMapUrl,
    videoUrl: values.videoUrl || null,
    theme: values.theme,
    sectors: sectorsOf(values.sectors),
    stats: values.stats,
    translations: values.translations,
    visitorRegistration: values.visitorRegistration,
    visitorRegistrationUrl: values.visitorRegistrationUrl || null,
    ...(values.referencePrefix ? { referencePrefix: values.referencePrefix } : {}),
    ...(values.invoicePrefix ? { invoicePrefix: values.invoicePrefix } : {}),
  };
}

/** A figure as the form holds it: each language's label a string ('' when not translated). */
const statValues = (stat: EditionStat) => ({
  value: stat.value,
  label: stat.label,
  translations: Object.fromEntries(
    TRANSLATION_LOCALES.map((locale) => [locale, { label: stat.translations?.[locale]?.label ?? '' }]),
  ),
});

/** The edition's translations as the form holds them, every field a string. */
function translationValues(edition: Edition | null) {
  const of = (locale: TranslationLocale) => ({
    name: edition?.translations[locale]?.name ?? '',
    venue: edition?.translations[locale]?.venue ?? '',
    theme: edition?.translations[locale]?.theme ?? '',
  });
  return { gu: of('gu'), hi: of('hi') };
}

const VISITOR_OPTIONS = [
  { value: 'pass', label: 'Visitor passes sold on this site' },
  { value: 'external', label: 'An external listing (the Visitor tab links to it)' },
] as const;

export function EditionForm({
  edition,
  creating,
  current,
  submitLabel,
  onSave,
  extra,
}: {
  /** The values to start from. */
  edition: Edition | null;
  /** Creating the next edition: offers copying the ticket types and registration questions. */
  creating: boolean;
  /** When creating: the current edition, whose prefixes the new one's blank ones follow. */
  current?: Edition | null | undefined;
  submitLabel: string;
  onSave: (values: EditionFormValues) => Promise<unknown>;
  extra?: ReactNode;
}) {
  const form = useZodForm(EditionFormSchema, {
    defaultValues: {
      name: edition?.name ?? '',
      editionNumber: edition?.editionNumber?.toString() ?? '',
      startsAt: edition ? toLocal(edition.startsAt) : '',
      endsAt: edition ? toLocal(edition.endsAt) : '',
      venue: edition?.venue ?? '',
      venueMapUrl: edition?.venueMapUrl ?? '',
      videoUrl: edition?.videoUrl ?? '',
      theme: edition?.theme ?? '',
      sectors: edition?.sectors.join('\n') ?? '',
      stats: edition?.stats.map(statValues) ?? [],
      translations: translationValues(edition),
      visitorRegistration: edition?.visitorRegistration ?? 'pass',
      visitorRegistrationUrl: edition?.visitorRegistrationUrl ?? '',
      referencePrefix: edition?.referencePrefix ?? '',
      invoicePrefix: edition?.invoicePrefix ?? '',
      copyTicketTypes: true,
    },
  });
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  // The example follows this edition: its own prefix, or (creating) the one a blank field gets
  // from the start date typed, as the server derives it; never a fixed year's.
  const startsAt = form.watch('startsAt');
  const referencePrefix = form.watch('referencePrefix');
  const start = startsAt ? new Date(startsAt) : undefined;
  const derived =
    creating && current && start && !Number.isNaN(start.getTime())
      ? nextReferencePrefix(current.referencePrefix, start)
      : undefined;
  const example = referencePrefix || derived || edition?.referencePrefix;
  const referencePrefixHint = creating
    ? `Empty: the current prefix’s letters with this edition’s year${derived ? ` (${derived})` : ''}.`
    : `${example} → ${example}-7KQ2M9XW4P.`;
  const external = form.watch('visitorRegistration') === 'external';
  const [saved, setSaved] = useState(false);

  const { onSubmit: submit, failure } = useServerSubmit(form, async (values) => {
    setSaved(false);
    await onSave(values);
    setSaved(true);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TranslatedFieldGroups
        english={
          <>
            <FormInput form={form} name="name" label="Name" required />
            <FormInput form={form} name="venue" label="Venue" required />
            <FormInput
              form={form}
              name="theme"
              label="Theme"
              hint="Shown on the home page; empty for none."
            />
          </>
        }
        translation={(locale, language) => (
          <>
            <FormInput
              form={form}
              name={`translations.${locale}.name`}
              label={`Name in ${language}`}
              hint="Optional: left empty, the site shows the English."
              lang={locale}
            />
            <FormInput
              form={form}
              name={`translations.${locale}.venue`}
              label={`Venue in ${language}`}
              lang={locale}
            />
            <FormInput
              form={form}
              name={`translations.${locale}.theme`}
              label={`Theme in ${language}`}
              lang={locale}
            />
          </>
        )}
      />
      <FormInput
        form={form}
        name="editionNumber"
        type="number"
        inputMode="numeric"
        min={1}
        label="Edition number"
        hint="2 shows as “2nd edition”; empty for none."
        className="max-w-xs"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="startsAt"
          type="datetime-local"
          label="Opens (first day, India time)"
          required
        />
        <FormInput
          form={form}
          name="endsAt"
          type="datetime-local"
          label="Closes (last day, India time)"
          hint={`After this, the site says "${EDITION_CLOSED_MESSAGE}" and stops selling passes.`}
          required
        />
      </div>
      <FormInput
        form={form}
        name="venueMapUrl"
        type="url"
        label="Map link"
        placeholder="https://…"
        required
      />
      <FormInput
        form={form}
        name="videoUrl"
        type="url"
        label="Video embed address"
        hint="For example https://www.youtube-nocookie.com/embed/… ; leave empty for none."
      />
      <Textarea
        label="Sectors"
        hint="One a line, as the home page lists them."
        rows={4}
        error={form.formState.errors.sectors?.message}
        {...form.register('sectors')}
      />
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-slate-800">Headline figures (home page)</legend>
        {stats.fields.length === 0 ? (
          <p className="text-sm text-slate-600">None: the home page leaves them out.</p>
        ) : null}
        <ol className="grid gap-3">
          {stats.fields.map((field, index) => (
            <li
              key={field.id}
              className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start"
            >
              <FormInput
                form={form}
                name={`stats.${index}.value`}
                label={`Figure ${index + 1}`}
                placeholder="1000+"
                required
              />
              <FormInput
                form={form}
                name={`stats.${index}.label`}
                label={`What figure ${index + 1} counts`}
                placeholder="Participants"
                required
              />
              <Button
                type="button"
                variant="secondary"
                className="sm:mt-6"
                onClick={() => stats.remove(index)}
              >
                Remove<span className="sr-only"> figure {index + 1}</span>
              </Button>
              {TRANSLATION_LOCALES.map((locale) => (
                <FormInput
                  key={locale}
                  form={form}
                  name={`stats.${index}.translations.${locale}.label`}
                  label={`What figure ${index + 1} counts in ${TRANSLATION_LOCALE_NAMES[locale]}`}
                  hint="Optional."
                  lang={locale}
                  className="sm:col-start-2"
                />
              ))}
            </li>
          ))}
        </ol>
        {form.formState.errors.stats?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {form.formState.errors.stats.message}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={stats.fields.length >= 8}
            onClick={() => stats.append(statValues({ value: '', label: '' }))}
          >
            Add a figure
          </Button>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect
          form={form}
          name="visitorRegistration"
          label="How visitors register"
          placeholder="Choose…"
          options={VISITOR_OPTIONS}
          required
        />
        <FormInput
          form={form}
          name="visitorRegistrationUrl"
          type="url"
          label="Visitor listing address"
          placeholder="https://…"
          hint="Where the Visitor tab sends visitors when they register elsewhere."
          required={external}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="referencePrefix"
          label="Order reference prefix"
          hint={referencePrefixHint}
          autoCapitalize="characters"
          required={!creating}
        />
        <FormInput
          form={form}
          name="invoicePrefix"
          label="Invoice prefix"
          hint={
            creating
              ? `Empty: the current edition’s${current ? ` (${current.invoicePrefix})` : ''}, its series going on.`
              : 'Starts each invoice number.'
          }
          autoCapitalize="characters"
          required={!creating}
        />
      </div>
      {creating ? (
        <Checkbox
          label="Copy the current edition’s ticket types (prices, capacities; sales dates left open) and its registration questions"
          {...form.register('copyTicketTypes')}
        />
      ) : null}
      {extra}
      <FormAlert>{failure}</FormAlert>
      <p role="status" className="text-sm text-green-800">
        {saved && !creating ? 'Saved. The site shows the change at the next visit.' : ''}
      </p>
      <div>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
