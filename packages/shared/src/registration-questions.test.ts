import { describe, expect, it } from 'vitest';
import {
  AnswersSchema,
  QuestionInputSchema,
  answerErrors,
  formatAnswer,
  type PublicQuestion,
} from './registration-questions.js';

const question = (fields: Partial<PublicQuestion> & Pick<PublicQuestion, 'id' | 'kind'>): PublicQuestion => ({
  label: 'Q',
  helpText: '',
  options: [],
  required: false,
  ...fields,
});

describe('answerErrors', () => {
  const questions = [
    question({ id: 1, kind: 'choice', options: ['Veg', 'Jain'], required: true }),
    question({ id: 2, kind: 'multi_choice', options: ['S', 'M', 'L'] }),
    question({ id: 3, kind: 'yes_no' }),
    question({ id: 4, kind: 'text', required: true }),
  ];

  it('keeps trimmed answers and leaves out blank optional ones and questions not asked', () => {
    expect(answerErrors(questions, { 1: 'Jain', 2: [], 3: 'no', 4: ' Friend ', 9: 'x' })).toEqual({
      errors: {},
      kept: [
        { questionId: 1, value: 'Jain' },
        { questionId: 3, value: 'no' },
        { questionId: 4, value: 'Friend' },
      ],
    });
  });

  it('names each problem on its question’s field', () => {
    expect(answerErrors(questions, { 1: 'Vegan', 2: ['M', 'M'], 3: 'yes please', 4: '   ' }).errors).toEqual({
      'answers.1': 'Choose one of the options',
      'answers.2': 'Choose only from the options',
      'answers.3': 'Choose Yes or No',
      'answers.4': 'Please answer this question',
    });
    expect(answerErrors(questions, undefined).errors).toEqual({
      'answers.1': 'Please answer this question',
      'answers.4': 'Please answer this question',
    });
  });
});

describe('the answers field', () => {
  it('takes an object, or the multipart form’s JSON text', () => {
    expect(AnswersSchema.parse('{"12":["M","L"]}')).toEqual({ 12: ['M', 'L'] });
    expect(AnswersSchema.parse(undefined)).toBeUndefined();
    expect(AnswersSchema.safeParse('not json').success).toBe(false);
    expect(AnswersSchema.safeParse({ abc: 'x' }).success).toBe(false);
  });

  it('reads as people write it', () => {
    expect(formatAnswer('multi_choice', ['M', 'L'])).toBe('M; L');
    expect(formatAnswer('yes_no', 'yes')).toBe('Yes');
    expect(formatAnswer('text', 'A friend')).toBe('A friend');
  });
});

describe('QuestionInputSchema', () => {
  it('fills the defaults: asked of everyone, optional, no help text', () => {
    expect(QuestionInputSchema.parse({ label: ' Diet ', kind: 'text' })).toEqual({
      label: 'Diet',
      helpText: '',
      kind: 'text',
      options: [],
      required: false,
      participantCategoryId: null,
      ticketTypeId: null,
    });
  });
});
