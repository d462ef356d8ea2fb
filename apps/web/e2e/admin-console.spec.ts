/**
 * The organizer console as organizers use it: the owner signs in, enrols TOTP with a code computed
 * here, and invites a manager and a gate organizer (who choose their passwords from the emails); the manager signs in, enrols and sees the
 * dashboard, also on a phone; the gate organizer sees no Orders entry and gets the forbidden screen
 * on /admin/orders; content sees the dashboard without money. axe checks the sign-in page and the
 * dashboard. One server for the whole file: the tests run in order and share the accounts.
 */
import { expect, expectNoAccessibilityViolations, test, uniqueEmail } from './fixtures';
import { E2E_OWNER, enrolTotp, PASSWORD, setPasswordLink, signInWithPassword } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

const manager = { name: 'Meera Manager', email: uniqueEmail('manager') };
const gate = { name: 'Gopal Gate', email: uniqueEmail('gate') };
const content = { name: 'Chitra Content', email: uniqueEmail('content') };
const NEW_PASSWORD = 'saffron kite evening lantern';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401 and a wrong password 401: the browser logs both.
  expectedConsoleErrors.push(/status of 401/);
});

test('an unknown visitor is sent to sign in; the page is noindex and accessible', async ({ page }) => {
  await page.goto('/admin/organizers');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Forganizers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the organizer console');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoAccessibilityViolations(page);

  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_OWNER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That email and password do not match an organizer account.',
  );
});

test('the owner enrols TOTP and invites a manager, a gate and a content organizer', async ({ page }) => {
  await signInWithPassword(page, E2E_OWNER.email);
  const { backupCodes } = await enrolTotp(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('region', { name: 'Revenue' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sales per day' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Organizers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizers');
  for (const [person, role] of [
    [manager, 'manager'],
    [gate, 'gate'],
    [content, 'content'],
  ] as const) {
    await page.getByRole('button', { name: 'Invite organizer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite organizer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(person.name);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(person.email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption(role);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(person.email) })).toContainText('Invited');
  }
  await expectNoAccessibilityViolations(page);
  // Each chooses PASSWORD through their invitation's link (console-team.spec.ts does it on the page).
  for (const person of [manager, gate, content]) {
    const token = new URL(await setPasswordLink(person.email.toLowerCase(), /invited/)).hash.replace(
      '#token=',
      '',
    );
    const set = await page.request.post('/api/admin/auth/reset-password', {
      headers: { origin: new URL(page.url()).origin },
      data: { token, newPassword: PASSWORD },
    });
    expect(set.status()).toBe(200);
  }

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: /organizer\.invite/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);

  // Lost phone: a backup code stands in for the authenticator, once.
  await signInWithPassword(page, E2E_OWNER.email);
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByRole('textbox', { name: 'Backup code' }).fill(backupCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test('the manager signs in, enrols TOTP and sees the dashboard, also at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithPassword(page, manager.email);
  await enrolTotp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('region', { name: 'Seats per ticket type' })).toBeVisible();
  // The page never scrolls sideways; a table wider than the phone scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organizers' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await page.goto('/admin/organizers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You can't open this page");

  await page.goto('/admin/account');
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'New password again', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin$/);
});

test('a gate organizer sees no Orders entry and cannot open /admin/orders', async ({ page }) => {
  await signInWithPassword(page, gate.email);
  // Gate has no dashboard: it starts on its check-in page.
  await expect(page).toHaveURL(/\/admin\/checkin$/);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);

  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You can't open this page");
  await expect(page.getByText('Your role, gate, does not include')).toBeVisible();
});

test('a content organizer sees the dashboard without revenue and only its entries', async ({ page }) => {
  await signInWithPassword(page, content.email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('region', { name: 'Votes per nominee' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Content', 'Voting']);
});
