/**
 * Every message the schemas of the registration and contact pages can answer has its Gujarati and Hindi
 * translation (validation-messages.ts). The messages are read from the schemas themselves: the
 * fixed ones from their definitions (each check's and each type's message), the ones their
 * rules compute (the phone, the state, the GSTIN, the questions' answers) by running them on
 * inputs that break every rule. A new message in one of these schemas fails this test until it
 * is listed and translated.
 */
import {
  answerErrors,
  ColleagueRegistrationSchema,
  CheckoutRequestSchema,
  ContactInquirySchema,
  GstInvoiceRequestSchema,
  gstinProblem,
  indianPincodeProblem,
  InvestorRegistrationSchema,
  PriceQuoteRequestSchema,
  STATE_REQUIRED_MESSAGE,
  StartupRegistrationSchema,
  VisitorPassRegistrationSchema,
  WaitingListJoinSchema,
  type Answers,
  type PublicQuestion,
} from '@festival/shared';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { StartupFormSchema } from '~/features/registration/lib/form-schemas';
import { messages as gujarati } from '~/locales/gu/registration.po';
import { messages as hindi } from '~/locales/hi/registration.po';
import { translateValidationMessage, validationMessage } from './validation-messages';

const SCHEMAS: Record<string, z.ZodType> = {
  StartupFormSchema,
  StartupRegistrationSchema,
  InvestorRegistrationSchema,
  VisitorPassRegistrationSchema,
  ColleagueRegistrationSchema,
  GstInvoiceRequestSchema,
  CheckoutRequestSchema,
  PriceQuoteRequestSchema,
  WaitingListJoinSchema,
  ContactInquirySchema,
};

/** The parts of zod's definitions the walk reads (zod 4 keeps them on `_zod.def`). */
interface Definition {
  error?: (issue: object) => unknown;
  checks?: { _zod: { def: { error?: (issue: object) => unknown } } }[];
  shape?: Record<string, unknown>;
  options?: unknown[];
  [child: string]: unknown;
}
const CHILDREN = ['in', 'out', 'innerType', 'element', 'keyType', 'valueType', 'schema'];

/** Every fixed message in a schema's definitions: the type's message and each check's. */
function definedMessages(schema: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Definition } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return found;
  seen.add(schema);
  const own = def.error?.({ code: 'custom', input: undefined });
  if (typeof own === 'string') found.add(own);
  for (const check of def.checks ?? []) {
    const message = check._zod.def.error?.({ code: 'custom', input: undefined });
    if (typeof message === 'string') found.add(message);
  }
  for (const child of Object.values(def.shape ?? {})) definedMessages(child, found, seen);
  for (const key of CHILDREN) if (def[key]) definedMessages(def[key], found, seen);
  for (const option of def.options ?? []) definedMessages(option, found, seen);
  return found;
}

/** Inputs that break the rules written as code (refinements): missing, malformed and mismatched values. */
const BAD_INPUTS: unknown[] = [
  {},
  { countryCode: '+91' },
  { contactNo: '9876543210' },
  { countryCode: 'India', contactNo: '12' },
  { countryCode: '+44', contactNo: '1' },
  { gstin: '24AAACG1234A1Z5', stateCode: '27', companyName: '', address: '' },
  { gstin: 'nope', stateCode: 'XX' },
  { startupIds: ['x'], selectedTicket: 0, quantity: 0, voucherCode: '!' },
  { number: 'call me', email: 'meera@' },
  { number: '12' },
  { number: '1'.repeat(30) },
];

function computedMessages(): Set<string> {
  const found = new Set<string>();
  for (const schema of Object.values(SCHEMAS)) {
    for (const input of BAD_INPUTS) {
      const result = schema.safeParse(input);
      for (const issue of result.error?.issues ?? []) found.add(issue.message);
    }
  }
  found.add(STATE_REQUIRED_MESSAGE);
  for (const pincode of ['12', 'abcdef']) found.add(indianPincodeProblem(pincode) ?? '');
  for (const gstin of ['nope', '99AAACG1234A1Z5', '24AAACG1234A1Z0']) found.add(gstinProblem(gstin) ?? '');
  const question = (kind: PublicQuestion['kind'], id: number): PublicQuestion => ({
    id,
    kind,
    label: 'Q',
    helpText: '',
    required: true,
    options: ['a', 'b'],
  });
  const questions = [
    question('text', 1),
    question('choice', 2),
    question('yes_no', 3),
    question('multi_choice', 4),
  ];
  const badAnswers: Answers[] = [{}, { 1: ['x'], 2: 'c', 3: 'maybe', 4: ['c'] }, { 1: 'x'.repeat(10_000) }];
  for (const answers of badAnswers) {
    for (const message of Object.values(answerErrors(questions, answers).errors)) found.add(message);
  }
  found.delete('');
  return found;
}

const allMessages = () =>
  new Set([...Object.values(SCHEMAS).flatMap((s) => [...definedMessages(s)]), ...computedMessages()]);

describe('validation messages of the registration and contact pages', () => {
  it('finds the messages of the schemas (the walk reads them)', () => {
    const messages = allMessages();
    expect(messages).toContain('Contact Person Name is required');
    expect(messages).toContain('Contact Number and country code is required');
    expect(messages).toContain('Invalid Mobile Number!');
    expect(messages).toContain('Must be at most 120 characters');
    expect(messages).toContain('Logo must be at most 5 MB');
    expect(messages).toContain('Please answer this question');
    expect(messages).toContain('Phone number must be digits only');
    expect(messages).toContain('Phone number must be at least 10 digits');
    expect(messages.size).toBeGreaterThan(60);
  });

  it('lists every one of them, translated in Gujarati and Hindi', () => {
    const missing = [...allMessages()].filter((message) => validationMessage(message) === undefined);
    expect(missing, 'add these to validation-messages.ts, run lingui extract and translate').toEqual([]);
    for (const [locale, messages] of [
      ['gu', gujarati],
      ['hi', hindi],
    ] as const) {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      const untranslated = [...allMessages()].filter(
        (message) => translateValidationMessage(i18n, message) === message,
      );
      expect(untranslated, `${locale}: not translated`).toEqual([]);
    }
  });

  it('keeps the number or name a message carries, and leaves unknown messages in English', () => {
    const i18n = setupI18n({ locale: 'gu', messages: { gu: gujarati } });
    expect(translateValidationMessage(i18n, 'Must be at most 120 characters')).toContain('120');
    expect(translateValidationMessage(i18n, 'This voucher has expired')).toBe('This voucher has expired');
    expect(translateValidationMessage(i18n, 'State is required')).toBe('રાજ્ય જરૂરી છે');
    // An instance without the catalog (the console) shows the English text.
    const bare = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(translateValidationMessage(bare, 'State is required')).toBe('State is required');
  });
});
