import { describe, expect, it } from 'vitest';
import { editionFieldsProblem, editionFieldValues, fillEditionFields } from './edition-fields.js';
import { FaqItemInputSchema } from './admin-content.js';

const edition = {
  name: 'Startup Fest Gujarat 2025',
  // 10:00 IST on 11 October to 19:00 IST on 12 October.
  startsAt: new Date('2025-10-11T04:30:00Z'),
  endsAt: new Date('2025-10-12T13:30:00Z'),
  venue: 'Hall <A> & B',
};

describe('edition fields', () => {
  it('gives an edition’s name, India-time days and hours, venue and year', () => {
    expect(editionFieldValues(edition)).toEqual({
      'edition.name': 'Startup Fest Gujarat 2025',
      'edition.dates': '11–12 October 2025',
      'edition.hours': '10:00 AM – 07:00 PM',
      'edition.venue': 'Hall <A> & B',
      'edition.year': '2025',
    });
    // A day that ends after midnight UTC is still that day in India.
    expect(
      editionFieldValues({ ...edition, startsAt: new Date('2025-12-31T19:00:00Z') })['edition.year'],
    ).toBe('2026');
  });

  it('fills known fields, spaces inside braces allowed, escaping values and leaving others', () => {
    const values = editionFieldValues(edition);
    expect(fillEditionFields('{{edition.name}} on {{ edition.dates }}', values)).toBe(
      'Startup Fest Gujarat 2025 on 11–12 October 2025',
    );
    const escape = (value: string) =>
      value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(fillEditionFields('<p>{{edition.venue}} {{other}}</p>', values, escape)).toBe(
      '<p>Hall &lt;A&gt; &amp; B {{other}}</p>',
    );
  });

  it('names unknown fields once each, and the forms refuse them', () => {
    expect(editionFieldsProblem('No fields, {single} braces')).toBeUndefined();
    expect(editionFieldsProblem('{{edition.dates}} at {{edition.venue}}')).toBeUndefined();
    expect(editionFieldsProblem('{{price}} {{price}}')).toBe(
      'Unknown field {{price}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    );
    const refused = FaqItemInputSchema.safeParse({ question: '{{edition}}?', answer: 'Yes' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['question'],
      message:
        'Unknown field {{edition}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    });
  });
});
