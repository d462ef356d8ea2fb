/**
 * The registration forms' resolvers, loaded after the page (form-schemas.ts brings zod and the
 * shared schemas); see lazyResolver.
 */
import { lazyResolver } from '~/lib/lazy-resolver';

export const startupResolver = lazyResolver(() =>
  import('./form-schemas').then((module) => module.startupResolver),
);

export const investorResolver = lazyResolver(() =>
  import('./form-schemas').then((module) => module.investorResolver),
);

export const colleagueResolver = lazyResolver(() =>
  import('./form-schemas').then((module) => module.colleagueResolver),
);

export const visitorResolver = lazyResolver(() =>
  import('./form-schemas').then((module) => module.visitorResolver),
);
