/**
 * A react-hook-form resolver whose code loads after the page instead of with it. The forms
 * validate with zod and the shared schemas, about 40 KB gzipped that a visitor does not
 * need to read the page or start typing; the form preloads it once it is on screen and the
 * browser is idle (`usePreloadWhenIdle`), and the first validation awaits the load. A load that
 * fails (offline) becomes a form-level error and is tried again at the next validation.
 */
import { useEffect } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NetworkError } from './api-client';
import { whenIdle } from './when-idle';

export type LazyResolver<Values extends FieldValues, Context, Output> = Resolver<Values, Context, Output> & {
  /** Starts loading the resolver's code; resolves when it is ready, never rejects. */
  preload(): Promise<void>;
};

export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): LazyResolver<Values, Context, Output> {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  const resolver: Resolver<Values, Context, Output> = async (values, context, options) => {
    let resolve: Resolver<Values, Context, Output>;
    try {
      resolve = await get();
    } catch (error) {
      console.warn('Could not load the form checks', error);
      // A form-level error: the root entry of FieldErrors, which its mapped type cannot name.
      const errors = { root: { type: 'load', message: new NetworkError().message } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, {
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * Starts loading a form's resolver once the browser is idle after the form has mounted, not in
 * the task that hydrates or mounts it: inserting the code's module preloads there made that task
 * long. A validation before then loads it itself.
 */
export function usePreloadWhenIdle(resolver: { preload(): Promise<void> }): void {
  useEffect(() => whenIdle(() => void resolver.preload()), [resolver]);
}
