import { describe, expect, it } from 'vitest';
import { localizeLinks } from './sanitized-html';

describe('localizeLinks', () => {
  const recap =
    '<p>The Award Night closed the two days. <a href="/awards">See the Award Night</a>, ' +
    '<a href="/cms/12">a nominee</a>, <a href="https://example.org/awards">a partner</a>, ' +
    '<a href="//cdn.example.org/x">a file</a> and <a class="x" href="/register?tab=pitcher">pitch</a>.</p>';

  it('leads each link to a translated page to its twin in the page language', () => {
    const gujarati = localizeLinks(recap, 'gu');
    expect(gujarati).toContain('<a href="/gu/awards">See the Award Night</a>');
    expect(gujarati).toContain('<a class="x" href="/gu/register?tab=pitcher">');
  });

  it('leaves pages without twins, other sites and English pages as they are', () => {
    const hindi = localizeLinks(recap, 'hi');
    expect(hindi).toContain('<a href="/cms/12">');
    expect(hindi).toContain('<a href="https://example.org/awards">');
    expect(hindi).toContain('<a href="//cdn.example.org/x">');
    expect(localizeLinks(recap, 'en')).toBe(recap);
  });
});
