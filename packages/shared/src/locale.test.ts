import { describe, expect, it } from 'vitest';
import { CheckoutRequestSchema } from './checkout.js';
import { LocaleSchema, localeField } from './locale-schema.js';
import { LOCALE_MESSAGE } from './locale.js';

describe('LocaleSchema', () => {
  it('accepts the three languages and nothing else, with one message', () => {
    for (const locale of ['en', 'gu', 'hi']) expect(LocaleSchema.parse(locale)).toBe(locale);
    for (const other of ['fr', 'GU', 'en-IN', '', 1, null]) {
      const result = LocaleSchema.safeParse(other);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOCALE_MESSAGE);
    }
  });

  it('reads a missing language as English in requests', () => {
    expect(localeField().parse(undefined)).toBe('en');
    const checkout = { startupIds: ['0b5f6a7e-8d3c-4b1a-9e2f-1a2b3c4d5e6f'], selectedTicket: 1 };
    expect(CheckoutRequestSchema.parse(checkout).locale).toBeUndefined();
    expect(CheckoutRequestSchema.parse({ ...checkout, locale: 'gu' }).locale).toBe('gu');
  });
});
