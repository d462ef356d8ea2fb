import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages } from '~/locales/en/messages.po';
import { messages as gujarati } from '~/locales/gu/messages.po';
import { navGroups as navGroupsIn } from './nav-links';

const english = setupI18n({ locale: 'en', messages: { en: messages } });
const navGroups = (highlightsTitle: string | null | undefined, year: string | undefined) =>
  navGroupsIn(english, highlightsTitle, year);

const labels = (groups: ReturnType<typeof navGroups>) =>
  groups.map((group) => [group.label, group.links.map((link) => link.label)] as const);

describe('the site menu', () => {
  it('names the highlights group and its page after the highlights page, and the guests after the edition', () => {
    const groups = navGroups('2026 Highlights', '2027');
    expect(groups[0]!.label).toBe('2026 Highlights');
    expect(groups[0]!.links.find((link) => link.to === '/highlights')!.label).toBe('2026 Highlights');
    const links = groups.flatMap((group) => group.links);
    expect(links.find((link) => link.to === '/guest-speakers')!.label).toBe('2027 Guest & Speakers');
    // The highlights group's lists are the current edition's entries, named for it.
    expect(links.find((link) => link.to === '/speakers')!.label).toBe('2027 Speaker And Mentors');
    expect(links.find((link) => link.to === '/start-up-showcase')!.label).toBe('2027 Startup Showcase');
    // The spec's /sponser-2024 stays 2024's; the menu names this edition's sponsors.
    expect(links).toContainEqual({ to: '/archive/sponsors/2027', label: '2027 Sponsors' });
    expect(links.some((link) => link.to === '/sponser-2024')).toBe(false);
  });

  it('says the spec’s labels for the spec’s edition, each year from the data', () => {
    expect(navGroups('2023 Highlights', '2024')[1]!.links.at(-1)).toEqual({
      to: '/sponser-2024',
      label: '2024 Sponsors',
    });
    expect(labels(navGroups('2023 Highlights', '2024'))).toEqual([
      [
        '2023 Highlights',
        [
          '2023 Highlights',
          '2024 Speaker And Mentors',
          'Shark Tank Featured Startups',
          'Award Night',
          '2024 Startup Showcase',
        ],
      ],
      [
        'Why Attend',
        [
          'For Startups',
          'For Investors And Accelerators',
          'For Sponsors',
          '2024 Guest & Speakers',
          '2024 Sponsors',
        ],
      ],
      ['Info', ['About Event', 'Activities', 'FAQ', 'Event Flow', 'Manage my registration']],
    ]);
  });

  it('names no year it does not know (a prerendered page before the edition loads, or no highlights page)', () => {
    const groups = navGroups(undefined, undefined);
    expect(groups[0]!.label).toBe('Highlights');
    expect(groups.flatMap((group) => group.links).map((link) => link.label)).toEqual(
      expect.arrayContaining(['Guest & Speakers', 'Speaker And Mentors', 'Startup Showcase']),
    );
    expect(navGroups(null, '2027')[0]!.label).toBe('Highlights');
  });

  it('says the menu in the page’s language, with the organizers’ own titles as they wrote them', () => {
    const i18n = setupI18n({ locale: 'gu', messages: { gu: gujarati } });
    const groups = navGroupsIn(i18n, '2026 Highlights', '2027');
    expect(groups.map((group) => group.label)).toEqual(['2026 Highlights', 'શા માટે આવવું', 'માહિતી']);
    expect(groups.flatMap((group) => group.links)).toContainEqual({
      to: '/archive/sponsors/2027',
      label: '2027 પ્રાયોજકો',
    });
  });
});
