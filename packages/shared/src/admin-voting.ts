/**
 * Award voting in the organizer console: the current edition's results per
 * award category, flags, open/close.
 */
import { z } from 'zod';

const NomineeResultSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Verified votes (the voter confirmed an emailed code). */
  votes: z.number().int(),
  /** Of those, votes whose email domain is a disposable-mail provider or whose address is busy. */
  flaggedVotes: z.number().int(),
});

export const VotingResultsSchema = z.object({
  /** The current edition's name: voting and its results are per edition. */
  edition: z.string(),
  open: z.boolean(),
  totalVotes: z.number().int(),
  /** The edition's categories in order, each with its nominees, most votes first. */
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      votes: z.number().int(),
      nominees: z.array(NomineeResultSchema),
    }),
  ),
  flags: z.object({
    /** Disposable-mail domains that voted, with their votes. */
    disposableDomains: z.array(z.object({ domain: z.string(), votes: z.number().int() })),
    /** Client addresses that verified many votes (BUSY_ADDRESS_VOTES or more). */
    busyAddresses: z.array(z.object({ ip: z.string(), votes: z.number().int() })),
  }),
});
export type VotingResults = z.infer<typeof VotingResultsSchema>;

export const VotingStateSchema = z.object({ open: z.boolean({ error: 'Say whether voting is open' }) });

/** Votes verified from one client address before they are flagged. */
export const BUSY_ADDRESS_VOTES = 5;
