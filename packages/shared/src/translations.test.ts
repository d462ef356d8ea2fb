import { describe, expect, it } from 'vitest';
import { FaqItemInputSchema } from './admin-content.js';
import { shownText, translationOf, untranslatedLocales, type Translations } from './translations.js';

const english = { question: 'Where is it?', answer: 'At the venue.' };
const issuesOf = (body: unknown) =>
  FaqItemInputSchema.safeParse(body).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));

describe('translationsSchema (the FAQ’s)', () => {
  it('keeps the translations written, trimmed as the English is, and drops blank ones', () => {
    const parsed = FaqItemInputSchema.parse({
      ...english,
      translations: { gu: { question: '  ક્યાં છે?  ', answer: '' }, hi: { question: ' ', answer: '  ' } },
    });
    expect(parsed.translations).toEqual({ gu: { question: 'ક્યાં છે?' } });
  });

  it('leaves translations out when the body does', () => {
    expect(FaqItemInputSchema.parse(english).translations).toBeUndefined();
  });

  it('checks a translation by its English field’s rules and messages', () => {
    expect(
      issuesOf({
        ...english,
        translations: { hi: { question: 'x'.repeat(301), answer: 'Open {{edition.nope}}' } },
      }),
    ).toEqual([
      { path: 'translations.hi.question', message: 'Hindi question: Must be at most 300 characters' },
      {
        path: 'translations.hi.answer',
        message: expect.stringMatching(/^Hindi answer: Unknown field \{\{edition.nope\}\}/),
      },
    ]);
  });

  it('refuses a language the site does not translate into, English included', () => {
    expect(issuesOf({ ...english, translations: { fr: { question: 'Où ?' } } })).toEqual([
      { path: 'translations', message: 'Translations must be in one of gu, hi' },
    ]);
    expect(issuesOf({ ...english, translations: { en: { question: 'Where?' } } })).toEqual([
      { path: 'translations', message: 'Translations must be in one of gu, hi' },
    ]);
  });

  it('refuses a field that is not translated', () => {
    expect(issuesOf({ ...english, translations: { gu: { visible: 'no' } } })).toEqual([
      { path: 'translations.gu', message: 'Gujarati: only question, answer can be translated' },
    ]);
  });
});

describe('untranslatedLocales, translationOf and shownText', () => {
  const translations: Translations<'question' | 'answer'> = {
    gu: { question: 'પ્રશ્ન', answer: 'જવાબ' },
    hi: { question: 'प्रश्न' },
  };

  it('lists the languages missing any field', () => {
    expect(untranslatedLocales(translations, ['question', 'answer'])).toEqual(['hi']);
    expect(untranslatedLocales({}, ['question'])).toEqual(['gu', 'hi']);
  });

  it('answers a language’s translation, or nothing for English and a missing one', () => {
    expect(translationOf(translations, 'gu', 'answer')).toBe('જવાબ');
    expect(translationOf(translations, 'hi', 'answer')).toBeUndefined();
    expect(translationOf(translations, 'en', 'question')).toBeUndefined();
  });

  it('shows the translation, else the English marked lang="en" on a translated page only', () => {
    expect(shownText(translations, 'gu', 'answer', 'Answer')).toEqual({ text: 'જવાબ' });
    expect(shownText(translations, 'hi', 'answer', 'Answer')).toEqual({ text: 'Answer', lang: 'en' });
    expect(shownText(undefined, 'hi', 'question', 'Question')).toEqual({ text: 'Question', lang: 'en' });
    expect(shownText(translations, 'en', 'answer', 'Answer')).toEqual({ text: 'Answer' });
  });
});
