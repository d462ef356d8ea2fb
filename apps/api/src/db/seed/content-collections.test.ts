import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SAMPLES } from './content-collections.js';

const webPublic = path.resolve(import.meta.dirname, '../../../../web/public');
const all = Object.values(CONTENT_SAMPLES).flat();
const trimmed = (value: string | null | undefined) => !value || value === value.trim();

describe('the content collections’ samples (their only copy)', () => {
  it('have the spec’s counts: 12 activities, 9 event-flow images, 22 sponsor and 22 participant logos, about 37 startups', () => {
    expect(CONTENT_SAMPLES.activities).toHaveLength(12);
    expect(CONTENT_SAMPLES['event-flow']).toHaveLength(9);
    expect(CONTENT_SAMPLES.sponsors).toHaveLength(22);
    expect(CONTENT_SAMPLES.participants).toHaveLength(22);
    expect(CONTENT_SAMPLES.startups.length).toBeGreaterThanOrEqual(30);
    expect(CONTENT_SAMPLES.startups.length).toBeLessThanOrEqual(45);
    const groups = new Set(CONTENT_SAMPLES.speakers.map((person) => person.group));
    expect(groups).toEqual(new Set(['speakers', 'mentors', 'moderators']));
  });

  it('name the spec’s twelve activities in its order', () => {
    expect(CONTENT_SAMPLES.activities.map((activity) => activity.name)).toEqual([
      'Panel Discussion',
      'Workshops',
      'Storytelling Sessions',
      'Open Mic',
      'Business Simulations',
      'Startup Trivia',
      'Launch Pads',
      'Announcement Spots',
      'Real-Time Prototyping',
      'Design Thinking Workshops',
      'Problem-Solving Challenges',
      'Innovation Sprints',
    ]);
  });

  it('have unique keys and text without stray spaces', () => {
    expect(new Set(all.map((entry) => entry.key)).size).toBe(all.length);
    for (const entry of all) {
      expect(entry.name.length, entry.key).toBeGreaterThan(0);
      expect(trimmed(entry.name) && trimmed(entry.caption) && trimmed(entry.imageAlt), entry.key).toBe(true);
    }
  });

  it('point every image at a file the site serves, with its size and a text alternative', () => {
    for (const entry of all.filter((item) => item.imageUrl)) {
      expect(entry.imageUrl, entry.key).toMatch(/^\/images\/[a-z0-9-]+\/[a-z0-9-]+\.(svg|webp)$/);
      expect(existsSync(path.join(webPublic, entry.imageUrl!)), entry.imageUrl!).toBe(true);
      expect(entry.imageWidth, entry.key).toBeGreaterThan(0);
      expect(entry.imageHeight, entry.key).toBeGreaterThan(0);
      expect(entry.imageAlt, entry.key).toBeTruthy();
    }
  });
});
