/**
 * Organizers in the end-to-end specs. The owner is added by the organizer CLI before the server
 * starts (playwright.config.ts); the specs add every other organizer through the owner's console.
 * TOTP codes are computed from the setup key the enrolment page shows, with otpauth.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const PASSWORD = 'violet tractor morning harbour';

export const E2E_OWNER = { email: 'owner@e2e.test', name: 'E2E Owner' } as const;

/** The current code of an authenticator holding `secret` (base32, spaces allowed). */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
}

/** Enters email and password on the sign-in page. */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * On the enrolment page (where the console sends a role that needs two-factor): confirms the
 * password, reads the setup key, enters a code. Returns the secret for later sign-ins.
 */
export async function enrolTotp(page: Page, password = PASSWORD): Promise<string> {
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator setup' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  return secret;
}

/** Signs in an enrolled organizer: password, then the current TOTP code. */
export async function signInWithTotp(page: Page, email: string, secret: string, password = PASSWORD) {
  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}
