import { describe, expect, it } from 'vitest';
import { defang, quoted } from './layout.js';

describe('typed text in mail', () => {
  it('breaks every link a mail client could make: schemes, domains, addresses, IDNA dots', () => {
    expect(defang('visit http://phish.example/login or www.phish.co.in')).toBe(
      'visit http[://]phish[.]example/login or www[.]phish[.]co[.]in',
    );
    expect(defang('write to help@phish.example')).toBe('write to help[@]phish[.]example');
    expect(defang('phish．example and phish。example')).toBe('phish[．]example and phish[。]example');
  });

  it('keeps names as they are spelt: initials, Indic joiners, line breaks', () => {
    expect(defang('Dr. A. K. Shah')).toBe('Dr. A. K. Shah');
    expect(defang('ક્\u200Dષ')).toBe('ક્\u200Dષ');
    expect(defang('first line\nsecond line')).toBe('first line\nsecond line');
  });

  it('drops characters that hide or reorder text', () => {
    expect(defang('Asha\u202Etxt.exe\u200B')).toBe('Ashatxt[.]exe');
  });

  it('quotes on one line', () => {
    expect(quoted('  Your account\r\n is suspended  ')).toBe('“Your account is suspended”');
  });
});
