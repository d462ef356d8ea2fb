/**
 * The e2e owner's session. The owner (added by the CLI before the server starts) enrols TOTP the
 * first time any spec signs in; the setup key is kept in the server's data directory so later
 * specs, in any order, sign in with a code instead of enrolling again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_OWNER, enrolTotp, signInWithPassword, signInWithTotp } from './admin-helpers';
import { dataDir, expect } from './fixtures';

const secretFile = () => path.join(dataDir(), 'e2e-owner-totp.txt');

/** Signs the owner in (enrolling two-factor on the first call of the run) and waits for the console. */
export async function signInAsOwner(page: Page): Promise<void> {
  const secret = await readFile(secretFile(), 'utf8').catch(() => null);
  if (secret) {
    await signInWithTotp(page, E2E_OWNER.email, secret);
  } else {
    await signInWithPassword(page, E2E_OWNER.email);
    await writeFile(secretFile(), await enrolTotp(page));
  }
  await expect(page.getByRole('navigation', { name: /console/i })).toBeVisible();
}
