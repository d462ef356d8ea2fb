/**
 * A ticket type's name in three languages, as an organizer writes it: the owner creates an
 * investor ticket type in English, the list marks it "Not yet translated: Gujarati, Hindi", on
 * a phone (the languages one above the other) adds its Hindi name and remarks, and the marker
 * keeps only Gujarati. A registrant on /hi/register is offered the ticket by its Hindi name; the
 * same registrant on /gu/register by its English one, marked lang="en". The type is archived at the end, since
 * the other specs share the server's ticket lists.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, PHONE, tabPanel, test, uniqueEmail } from './fixtures';

const run = Date.now().toString(36);
const english = { name: `Angel Lounge Pass ${run}`, remarks: 'Lounge access and the investor meet' };
const hindi = { name: `एंजेल लाउंज पास ${run}`, remarks: 'लाउंज प्रवेश और निवेशक बैठक' };

/** The Hindi investor form's words. */
const HINDI = {
  tab: 'निवेशक',
  name: 'नाम',
  email: 'ईमेल',
  countryCode: 'देश कोड',
  phone: 'संपर्क नंबर',
  country: 'देश',
  state: 'राज्य',
  city: 'शहर',
  terms: 'मैं नियम और शर्तें स्वीकार करता/करती हूँ',
  submit: 'सबमिट करें',
} as const;

/** Registers an investor on /hi/register; the attendees dialog opens. */
async function registerInvestorInHindi(page: Page) {
  await page.goto('/hi/register');
  await page.getByRole('tab', { name: HINDI.tab }).click();
  const panel = tabPanel(page, HINDI.tab);
  const field = (name: string) => panel.getByRole('textbox', { name, exact: true });
  const select = (name: string) => panel.getByRole('combobox', { name, exact: true });
  await field(HINDI.name).fill('Meera Desai');
  await field(HINDI.email).fill(uniqueEmail('hi-ticket-name'));
  await select(HINDI.countryCode).selectOption({ label: 'India (+91)' });
  await field(HINDI.phone).fill(PHONE);
  await select(HINDI.country).selectOption({ label: 'India' });
  await expect(select(HINDI.state)).toBeEnabled();
  await select(HINDI.state).selectOption({ label: 'Gujarat' });
  await field(HINDI.city).fill('Ahmedabad');
  await panel.getByRole('checkbox', { name: HINDI.terms }).check();
  await panel.getByRole('button', { name: HINDI.submit }).click();
}

/** From the attendees dialog (`attendees`, its name in the page's language), on to the ticket choice. */
async function openTickets(page: Page, attendees: string, proceed: string, tickets: string) {
  await page.getByRole('dialog', { name: attendees }).getByRole('button', { name: proceed }).click();
  const dialog = page.getByRole('dialog', { name: tickets });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

test('an organizer adds a ticket type’s Hindi name; /hi/register offers it by that name and /gu/register by the English marked as English', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInEnrolled(page, E2E_OWNER.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto('/admin/ticket-types');
  await expect(page.getByRole('heading', { name: 'Ticket types', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New ticket type' }).click();
  const create = page.getByRole('dialog', { name: 'New ticket type' });
  const englishGroup = create.getByRole('group', { name: 'English' });
  await englishGroup.getByRole('textbox', { name: 'Name', exact: true }).fill(english.name);
  await englishGroup.getByRole('textbox', { name: 'Remarks', exact: true }).fill(english.remarks);
  await create.getByRole('combobox', { name: 'Participant category' }).selectOption({ label: 'Investor' });
  await create.getByRole('textbox', { name: 'Price', exact: true }).fill('750');
  await create.getByRole('spinbutton', { name: 'Capacity (seats)' }).fill('25');
  await create.getByRole('button', { name: 'Create ticket type' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: english.name });
  await expect(row).toContainText('Not yet translated: Gujarati, Hindi');

  try {
    // On a phone the languages are one above the other.
    await page.setViewportSize({ width: 375, height: 800 });
    await row.getByRole('button', { name: `Edit ${english.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${english.name}` });
    const [englishBox, gujaratiBox, hindiBox] = await Promise.all(
      ['English', 'Gujarati', 'Hindi'].map((name) => edit.getByRole('group', { name }).boundingBox()),
    );
    expect(gujaratiBox!.y).toBeGreaterThanOrEqual(englishBox!.y + englishBox!.height);
    expect(hindiBox!.y).toBeGreaterThanOrEqual(gujaratiBox!.y + gujaratiBox!.height);
    expect(hindiBox!.x).toBe(englishBox!.x);
    const hindiGroup = edit.getByRole('group', { name: 'Hindi' });
    await hindiGroup.getByRole('textbox', { name: 'Name in Hindi' }).fill(hindi.name);
    await hindiGroup.getByRole('textbox', { name: 'Remarks in Hindi' }).fill(hindi.remarks);
    await expect(
      edit.getByRole('group', { name: 'Gujarati' }).getByRole('textbox', { name: 'Name in Gujarati' }),
    ).toHaveValue('');
    await expectNoAccessibilityViolations(page);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Not yet translated: Gujarati');
    await expect(row).not.toContainText('Hindi');

    // Hindi: the organizer's translation, in the page's language.
    await registerInvestorInHindi(page);
    const hindiTickets = await openTickets(page, 'इस पंजीकरण के प्रतिभागी', 'आगे बढ़ें', 'टिकट चुनें');
    const hindiChoice = hindiTickets.getByRole('radio', { name: new RegExp(hindi.name) });
    await expect(hindiChoice).toContainText(hindi.remarks);
    await expect(hindiChoice).not.toContainText(english.name);
    await expect(hindiChoice.locator('[lang="en"]')).toHaveCount(0);

    // The same registrant on /gu/register (the page keeps their registration): no Gujarati
    // name, so the English, marked as English for screen readers and fonts.
    await page.goto('/gu/register');
    const gujaratiTickets = await openTickets(page, 'આ નોંધણીના પ્રતિભાગીઓ', 'આગળ વધો', 'ટિકિટ પસંદ કરો');
    const gujaratiChoice = gujaratiTickets.getByRole('radio', { name: new RegExp(english.name) });
    await expect(gujaratiChoice.getByText(english.name, { exact: true })).toHaveAttribute('lang', 'en');
    await expect(gujaratiChoice.getByText(english.remarks, { exact: true })).toHaveAttribute('lang', 'en');
    await expect(gujaratiTickets.getByText('Not yet translated')).toHaveCount(0);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/ticket-types');
    await row.getByRole('button', { name: `Archive ${english.name}` }).click();
    await expect(row.getByRole('button', { name: `Restore ${english.name}` })).toBeVisible();
  }
});
