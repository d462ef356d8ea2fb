import { describe, expect, it } from 'vitest';
import { isPrefillHandle, PREFILL_ELEMENT_ID, readPrefill, serializePrefill } from './query-prefill';

/** The part of a Document `readPrefill` uses: one element by id with a text. */
function documentWith(text: string | undefined): Document {
  return {
    getElementById: (id: string) =>
      id === PREFILL_ELEMENT_ID && text !== undefined ? { textContent: text } : null,
  } as unknown as Document;
}

describe('serializePrefill', () => {
  it('writes JSON that cannot close its script element, and reads back to the same seeds', () => {
    const seeds = [
      {
        queryKey: ['cms', 'page', '1'],
        data: { title: 'A </script><script>alert(1)</script> title', Content: '<p>x\u2028y\u2029z</p>' },
      },
    ];
    const { json } = serializePrefill(seeds);
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(readPrefill(documentWith(json))).toEqual({ seeds, json });
  });
});

describe('readPrefill', () => {
  it('is null for a document the server wrote no queries into', () => {
    expect(readPrefill(documentWith(undefined))).toBeNull();
  });

  it('keeps the element’s text but fills nothing when it is not JSON', () => {
    expect(readPrefill(documentWith('{oops'))).toEqual({ seeds: [], json: '{oops' });
  });
});

describe('isPrefillHandle', () => {
  it('accepts a handle with a prefill function only', () => {
    expect(isPrefillHandle({ prefill: () => [] })).toBe(true);
    expect(isPrefillHandle({ prefill: [] })).toBe(false);
    expect(isPrefillHandle(undefined)).toBe(false);
  });
});
