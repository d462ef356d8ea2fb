import { describe, expect, it } from 'vitest';
import { englishPath, isLocalizedPath, localeOfPath, localizedPath } from './localized-routes';

describe('localized routes', () => {
  it('reads the language from the first segment', () => {
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/gu')).toBe('gu');
    expect(localeOfPath('/hi/')).toBe('hi');
    expect(localeOfPath('/gujarat')).toBe('en');
    expect(localeOfPath('/en')).toBe('en');
  });

  it('maps a page between languages, leaving pages without twins in English', () => {
    expect(localizedPath('/', 'gu')).toBe('/gu');
    expect(localizedPath('/', 'hi')).toBe('/hi');
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/cms/7', 'gu')).toBe('/cms/7');
    expect(localizedPath('/speakers', 'hi')).toBe('/hi/speakers');
    expect(localizedPath('/awards', 'gu')).toBe('/gu/awards');
    expect(localizedPath('/about#numbers', 'gu')).toBe('/gu/about#numbers');
    expect(localizedPath('/register?tab=pitcher', 'hi')).toBe('/hi/register?tab=pitcher');
    expect(localizedPath('/register', 'gu')).toBe('/gu/register');
    expect(englishPath('/gu')).toBe('/');
    expect(englishPath('/hi/')).toBe('/');
    expect(englishPath('/faq')).toBe('/faq');
    expect(isLocalizedPath('/')).toBe(true);
    expect(isLocalizedPath('/cms/7')).toBe(false);
    expect(isLocalizedPath('/archive/sponsors/2024')).toBe(false);
    expect(isLocalizedPath('/event-flow')).toBe(true);
    expect(isLocalizedPath('/contact/')).toBe(true);
    expect(isLocalizedPath('/register')).toBe(true);
  });
});
