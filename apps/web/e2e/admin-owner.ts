/**
 * The owner's session in the end-to-end specs. The owner is one account for the whole run
 * (added by the CLI before the server starts) and enrols two-factor at the first sign-in,
 * whichever spec makes it (admin-helpers keeps the secret); later sign-ins use a code.
 */
import type { Page } from '@playwright/test';
import { enrolTotp, savedTotpSecret, signInWithPassword, signInWithTotp } from './admin-helpers';
import { expect } from './fixtures';

/** Signs the owner in on `page`, enrolling two-factor if no spec has yet. */
export async function signInOwner(page: Page, email: string) {
  const secret = savedTotpSecret(email);
  if (secret) {
    await signInWithTotp(page, email, secret);
  } else {
    await signInWithPassword(page, email);
    await enrolTotp(page);
  }
  await expect(page).not.toHaveURL(/\/admin\/(two-factor|sign-in)/);
}
