import { describe, expect, it } from 'vitest';
import { setZodJitless } from './zod-config';

describe('setZodJitless', () => {
  it('is the setting zod adopts when it loads afterwards', async () => {
    setZodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
