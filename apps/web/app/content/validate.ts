/**
 * Checks every content file against its rule in schemas.ts. Run by the `festival:content` plugin in
 * vite.config.ts when a build or the dev server starts, and again in development whenever a file
 * under app/content changes.
 */
import { z } from 'zod';
import { eventPages } from './event-pages';
import { opportunities } from './opportunities';
import {
  EventPagesSchema,
  OpportunitySchema,
  PassOfferSchema,
  SeasonOneSchema,
  SharkTankStartupSchema,
  StallPackageSchema,
} from './schemas';
import { seasonOne } from './season-one';
import { sharkTankStartups } from './shark-tank';
import { passOffers, stallPackages } from './stall-packages';

/** A data file's name, the rule it follows and the data itself. */
export type ContentEntry = [file: string, rule: z.ZodType, data: unknown];

/** Every data file with its rule (the counts are the spec's). */
export const CONTENT: readonly ContentEntry[] = [
  ['event-pages.ts', EventPagesSchema, eventPages],
  ['opportunities.ts', z.array(OpportunitySchema).length(6), opportunities],
  ['season-one.ts', SeasonOneSchema, seasonOne],
  ['shark-tank.ts', z.array(SharkTankStartupSchema).length(3), sharkTankStartups],
  ['stall-packages.ts (passOffers)', z.array(PassOfferSchema).min(1), passOffers],
  ['stall-packages.ts (stallPackages)', z.array(StallPackageSchema).min(1), stallPackages],
];

/** The problems found, one message per file naming each broken field; empty when all is valid. */
export function contentProblems(entries: readonly ContentEntry[] = CONTENT): string[] {
  return entries.flatMap(([file, rule, data]) => {
    const result = rule.safeParse(data);
    return result.success ? [] : [`app/content/${file}:\n${z.prettifyError(result.error)}`];
  });
}
