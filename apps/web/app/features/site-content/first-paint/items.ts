/**
 * Turns build-time samples of app/content into the shape the content API answers: what a
 * prerendered page shows before the organizers' entries arrive. Ids are negative so they never
 * match a row's. One file per collection, so a page's chunk holds only its own samples.
 */
import type { PublicContentItem } from '@festival/shared';

export interface SampleEntry {
  name: string;
  caption?: string;
  group?: string;
  image?: PublicContentItem['image'];
  sample?: boolean;
}

export const firstPaintItems = (entries: readonly SampleEntry[]): PublicContentItem[] =>
  entries.map((entry, index) => ({
    id: -(index + 1),
    name: entry.name,
    caption: entry.caption ?? '',
    group: entry.group ?? '',
    linkUrl: null,
    image: entry.image ?? null,
    sample: entry.sample ?? true,
  }));
