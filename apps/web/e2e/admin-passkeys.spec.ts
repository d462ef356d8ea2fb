/**
 * Passkeys in the organizer console (optional for everyone), in Chromium with its
 * virtual authenticator (DevTools protocol, WebAuthn domain) standing in for a phone or a
 * security key: the owner adds a passkey on the account page (a failed PIN or biometric check
 * adds none), signs out, signs in with the passkey alone (no password, no authentication code)
 * and lands in the console; then deletes it, after which it signs in no more.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, test } from './fixtures';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401: the browser logs it.
  expectedConsoleErrors.push(/status of 401/);
});

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  /** Whether the authenticator's next PIN or biometric check succeeds. */
  const setUserVerified = (isUserVerified: boolean) =>
    cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
  return { credentials, setUserVerified };
}

test('the owner adds a passkey, signs in with it alone, and deletes it', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await signInEnrolled(page, E2E_OWNER.email, { throughThePage: true });

  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Name the passkey, e.g. the device it lives on.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop');
  // The server asks for user verification: a failed fingerprint or PIN creates no passkey.
  await authenticator.setUserVerified(false);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'The passkey was not created: the browser’s prompt was cancelled, timed out or could not confirm it is you.',
  );
  expect(await authenticator.credentials()).toHaveLength(0);
  await authenticator.setUserVerified(true);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey added. You can now sign in with it.');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  await expect(list.getByRole('listitem')).toContainText('Added');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  await page.goto('/admin/account');
  await section.getByRole('button', { name: 'Delete passkey Work laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this passkey?' });
  await confirm.getByRole('button', { name: 'Delete passkey' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // The authenticator still holds the credential, but the server no longer knows it.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That passkey does not belong to an organizer account. Sign in with your password.',
  );
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});
