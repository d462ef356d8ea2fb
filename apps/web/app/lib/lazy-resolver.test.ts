import type { Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

interface Values {
  name: string;
}

const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: undefined };

/** A resolver that accepts a non-empty name, as zodResolver would answer. */
const nameResolver: Resolver<Values, unknown, Values> = (values) =>
  values.name
    ? { values, errors: {} as Record<string, never> }
    : { values: {}, errors: { name: { type: 'too_small', message: 'Name is required' } } };

describe('lazyResolver', () => {
  it('loads its resolver once, on the first preload or validation, and answers with it', async () => {
    const load = vi.fn(() => Promise.resolve(nameResolver));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await resolver.preload();
    await expect(resolver({ name: '' }, undefined, options)).resolves.toMatchObject({
      errors: { name: { message: 'Name is required' } },
    });
    await expect(resolver({ name: 'Asha' }, undefined, options)).resolves.toEqual({
      values: { name: 'Asha' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns a failed load into a form-level error and loads again at the next validation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<Resolver<Values, unknown, Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(nameResolver);
    const resolver = lazyResolver(load);

    await expect(resolver.preload()).resolves.toBeUndefined();
    await expect(resolver({ name: 'Asha' }, undefined, options)).resolves.toEqual({
      values: { name: 'Asha' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('reports the unreachable server on the form when the load keeps failing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resolver = lazyResolver<Values, unknown, Values>(() => Promise.reject(new TypeError('offline')));
    await expect(resolver({ name: 'Asha' }, undefined, options)).resolves.toEqual({
      values: {},
      errors: { root: { type: 'load', message: 'Could not reach the server. Please try again.' } },
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
