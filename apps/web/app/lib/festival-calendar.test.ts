import { describe, expect, it } from 'vitest';
import { festivalSchedule } from './festival-calendar';

/** The 2nd edition's days and hours as the API gives them: 10 am on 20 October to 7 pm on 21 October, India time. */
const edition = {
  name: 'Startup Fest Gujarat 2024',
  startDate: '2024-10-20T04:30:00.000Z',
  endDate: '2024-10-21T13:30:00.000Z',
  venue: 'Ahmedabad',
};

describe('festivalSchedule', () => {
  it('writes the days and hours in India time as the pages write the edition', () => {
    expect(festivalSchedule(edition)).toEqual({
      days: '20–21 October 2024',
      hours: '10:00 AM – 07:00 PM IST',
    });
  });

  it('writes Gujarati and Hindi month names with Latin digits', () => {
    const gujarati = festivalSchedule(edition, 'gu');
    expect(gujarati.days).toContain('ઑક્ટોબર');
    expect(gujarati.days).toMatch(/^20–21 /);
    expect(festivalSchedule(edition, 'hi').days).toBe('20–21 अक्टूबर 2024');
    expect(festivalSchedule(edition, 'hi').hours).toMatch(/^\D*10:00\D+07:00\D* IST$/);
  });
});
