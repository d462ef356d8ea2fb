/**
 * The team of organizers, as an owner and a newcomer meet it: the owner invites a manager on
 * the organizers page; the manager opens the emailed link in their own browser, chooses a
 * password (a weak one is refused once, on its field), signs in and is asked to set up
 * two-factor before anything else. Then a forgotten password: the sign-in page's link, the same
 * answer for any address, the emailed link, and the old password no longer working. The owner's
 * role change asks for confirmation first. Screenshots at 375 and 1280 px go to test-results.
 */
import { devices } from '@playwright/test';
import { E2E_OWNER, enrolTotp, setPasswordLink, signInEnrolled, signInWithPassword } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  test,
  uniqueEmail,
} from './fixtures';

// A sign-in may wait out the per-address limit (a minute) after the earlier specs' sign-ins.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const newcomer = { name: 'Nisha Newcomer', email: uniqueEmail('team-manager').toLowerCase() };
const FIRST_PASSWORD = 'marigold ferry autumn compass';
const SECOND_PASSWORD = 'pepper lighthouse winter garden';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, and a refused password 400: the browser logs both.
  expectedConsoleErrors.push(/status of 401/, /status of 400/);
});

test('the owner invites a manager, who chooses a password and sets up two-factor', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInEnrolled(page, E2E_OWNER.email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Organizers' }).click();
  await page.getByRole('button', { name: 'Invite organizer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite organizer' });
  await expect(dialog).toContainText('valid 7 days');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(newcomer.name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(newcomer.email);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption('manager');
  await page.screenshot({ path: test.info().outputPath('invite-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(
    `Invitation sent to ${newcomer.email}. The link works for 7 days.`,
  );
  const row = page.getByRole('row', { name: new RegExp(newcomer.email) });
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: `Send again to ${newcomer.name}` })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('organizers-1280.png'), fullPage: true });

  // The newcomer, on their phone.
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL: test.info().project.use.baseURL });
  const invitee = await phone.newPage();
  try {
    const link = await setPasswordLink(newcomer.email, /invited/);
    await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Choose your password');
    // The token leaves the address bar as the page opens.
    await expect(invitee).toHaveURL(/\/admin\/set-password$/);
    await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill('password1234');
    await invitee.getByRole('textbox', { name: 'New password again' }).fill('password1234');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await expect(invitee.getByText(/common or leaked|too easy to guess/)).toHaveCount(1);
    await invitee.screenshot({ path: test.info().outputPath('set-password-weak-375.png'), fullPage: true });
    await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill(FIRST_PASSWORD);
    await invitee.getByRole('textbox', { name: 'New password again' }).fill(FIRST_PASSWORD);
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await expect(invitee).toHaveURL(/\/admin\/sign-in\?reason=password-set$/);
    await expect(invitee.getByRole('status')).toHaveText(
      'Your password is saved. Sign in with it to continue.',
    );
    await expectNoAccessibilityViolations(invitee);
    await invitee.screenshot({ path: test.info().outputPath('password-saved-375.png'), fullPage: true });
    await signInWithPassword(invitee, newcomer.email, FIRST_PASSWORD);
    await enrolTotp(invitee, FIRST_PASSWORD);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    // The link worked once (signed out: a signed-in organizer is sent on from the page).
    await phone.clearCookies();
    await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill(SECOND_PASSWORD);
    await invitee.getByRole('textbox', { name: 'New password again' }).fill(SECOND_PASSWORD);
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await expect(invitee.getByRole('alert')).toContainText('This link has been used');
  } finally {
    await phone.close();
  }

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(newcomer.email) })).toContainText('On');
});

test('a role change asks first', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/organizers');
  const role = page.getByRole('combobox', { name: `Role of ${newcomer.name}` });
  await role.selectOption('finance');
  const confirm = page.getByRole('alertdialog', { name: `Make ${newcomer.name} finance?` });
  await expect(confirm).toContainText(`goes from manager to finance`);
  await page.screenshot({ path: test.info().outputPath('role-change-375.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(role).toHaveValue('manager');
  await role.selectOption('finance');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved: ${newcomer.name} is now finance.`);
  await expect(role).toHaveValue('finance');
});

test('a forgotten password is reset by email; the old one stops working', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('forgot-password-375.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Email' }).fill(newcomer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toContainText('If');
  await expect(answer).toContainText('The link works once, for 60 minutes.');
  const known = (await answer.textContent())?.replace(newcomer.email, '');

  // An address that is no organizer's gets the same words.
  await page.goto('/admin/forgot-password');
  const stranger = uniqueEmail('stranger').toLowerCase();
  await page.getByRole('textbox', { name: 'Email' }).fill(stranger);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('60 minutes');
  expect((await page.getByRole('status').textContent())?.replace(stranger, '')).toBe(known);

  const link = await setPasswordLink(newcomer.email, /Reset your/);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(SECOND_PASSWORD);
  await page.getByRole('textbox', { name: 'New password again' }).fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?reason=password-set$/);

  await signInWithPassword(page, newcomer.email, FIRST_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'That email and password do not match an organizer account.',
  );
  await signInWithPassword(page, newcomer.email, SECOND_PASSWORD);
  // Two-factor stays as it was: the code step follows.
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('two-factor-check-1280.png') });
});

test('the ticket types table shows every row’s actions at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/ticket-types');
  const archive = page.getByRole('button', { name: /^(Archive|Restore) / });
  await expect(archive.first()).toBeVisible();
  // Nothing to scroll sideways: the table fits beside the menu, its last column included.
  const region = page.getByRole('region', { name: /Ticket types/ });
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
    0,
  );
  for (const button of await archive.all()) {
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  }
  await page.screenshot({ path: test.info().outputPath('ticket-types-1280.png'), fullPage: true });
});
