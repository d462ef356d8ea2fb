/**
 * Answers to the registration questions after registering (issue 28 §3), as a registrant and an
 * organizer would change them: an investor answers the owner's questions on the form; the owner
 * then adds a required one; on the manage page (signed in by the emailed link, on a phone) the
 * investor sees their answers, is stopped under the new question until they answer it (the
 * forms' own message, focus on it), and changes another; the owner then corrects one from the
 * registration's page in the console. The questions are archived at the end, so later specs'
 * investor forms are not asked them. Screenshots at 375 and 1280 px go to test-results.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  dataDir,
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

const INVESTOR = 3;
const SIZE = 'T-shirt size';
const DIET = 'Dietary needs';
const LUNCH = 'Will you join the investors’ lunch?';

/** The newest manage sign-in link emailed to `email`, once it has arrived. */
async function signInLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = path.join(dataDir(), 'outbox');
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.eml'),
      );
      for (const name of names.sort()) {
        const mail = await simpleParser(await readFile(path.join(outbox, name)));
        const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
        const match = /(https?:\/\/\S+\/manage#token=[\w-]+)/.exec(mail.text ?? '');
        if (to.includes(email.toLowerCase()) && /sign-in link/.test(mail.subject ?? '') && match?.[1])
          link = match[1];
      }
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Adds a question for investors through the console's API (the Questions page is console-questions.spec.ts's). */
async function addQuestion(page: Page, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/admin/questions', {
    headers: { origin: new URL(page.url()).origin },
    data: { participantCategoryId: INVESTOR, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401 before the owner signs in.
  expectedConsoleErrors.push(/status of 401/);
});

test('a registrant changes their answers on the manage page; an organizer corrects one in the console', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInEnrolled(page, E2E_OWNER.email);
  const origin = new URL(page.url()).origin;
  const questions: number[] = [];
  try {
    questions.push(
      await addQuestion(page, { label: SIZE, kind: 'choice', options: ['S', 'M', 'L'], required: true }),
    );
    questions.push(await addQuestion(page, { label: DIET, kind: 'text' }));
    await changeAnswers();
  } finally {
    for (const id of questions) {
      await page.request.post(`/api/admin/questions/${id}/archive`, { headers: { origin }, data: {} });
    }
  }

  async function changeAnswers() {
    const name = 'Kavya Desai';
    const email = uniqueEmail('answers');
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: test.info().project.use.baseURL,
    });
    const visitor = await phone.newPage();
    try {
      await visitor.goto('/register');
      await waitForHydration(visitor);
      await visitor.getByRole('tab', { name: 'Investor' }).click();
      const panel = tabPanel(visitor, 'Investor');
      await fillInvestorForm(panel, { name, email });
      await panel.getByRole('radiogroup', { name: SIZE }).getByRole('radio', { name: 'M' }).check();
      await panel.getByRole('button', { name: 'Submit' }).click();
      await expectRegistered(visitor);

      // Asked after this person registered: required for them too from now on.
      questions.push(await addQuestion(page, { label: LUNCH, kind: 'yes_no', required: true }));

      await visitor.goto('/manage');
      await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
      await visitor.getByRole('button', { name: 'Send me a sign-in link' }).click();
      const link = await signInLink(email);
      // The link differs from this page's address only by its fragment: open it afresh, as from the email.
      await visitor.goto('about:blank');
      await visitor.goto(link);
      await expect(visitor.getByText(`Signed in as ${email}`)).toBeVisible();
      const answers = visitor.getByRole('region', { name: 'Answers' });
      await expect(answers.getByRole('definition')).toHaveText(['M', 'Not answered', 'Not answered']);
      await expect(answers.getByRole('term')).toHaveText([SIZE, DIET, LUNCH]);

      await answers.getByRole('button', { name: `Change answers of ${name}` }).click();
      await answers.getByRole('radiogroup', { name: SIZE }).getByRole('radio', { name: 'L' }).check();
      await answers.getByRole('textbox', { name: DIET }).fill('No peanuts, please');
      await answers.getByRole('button', { name: 'Save answers' }).click();
      const lunch = answers.getByRole('radiogroup', { name: LUNCH });
      await expect(lunch.getByText('Please answer this question')).toBeVisible();
      await expect(lunch.getByRole('radio', { name: 'Yes' })).toBeFocused();
      await expectNoHorizontalScroll(visitor);
      await expectNoAccessibilityViolations(visitor);
      await visitor.screenshot({
        path: test.info().outputPath('manage-answers-error-375.png'),
        fullPage: true,
      });

      await lunch.getByRole('radio', { name: 'Yes' }).check();
      await answers.getByRole('button', { name: 'Save answers' }).click();
      await expect(answers.getByRole('status')).toHaveText('Answers saved.');
      await expect(answers.getByRole('definition')).toHaveText(['L', 'No peanuts, please', 'Yes']);
      await expect(answers.getByRole('button', { name: `Change answers of ${name}` })).toBeFocused();
      await expectNoAccessibilityViolations(visitor);
      await visitor.screenshot({ path: test.info().outputPath('manage-answers-375.png'), fullPage: true });
      await visitor.setViewportSize({ width: 1280, height: 900 });
      await visitor.screenshot({ path: test.info().outputPath('manage-answers-1280.png'), fullPage: true });
    } finally {
      await phone.close();
    }

    // The owner corrects one answer from the registration's page.
    await page.goto(`/admin/registrations?q=${encodeURIComponent(email)}`);
    const registrations = page.getByRole('region', { name: 'Registrations' });
    await registrations.getByRole('link', { name }).click();
    const section = page.getByRole('region', { name: 'Answers' });
    await expect(section).toContainText('No peanuts, please');
    await section.getByRole('button', { name: 'Edit answers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit answers' });
    await expect(
      dialog.getByRole('radiogroup', { name: SIZE }).getByRole('radio', { name: 'L' }),
    ).toBeChecked();
    await dialog.getByRole('textbox', { name: DIET }).fill('Vegan, no peanuts');
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath('console-edit-answers-1280.png') });
    await dialog.getByRole('button', { name: 'Save answers' }).click();
    await expect(dialog).toBeHidden();
    await expect(section).toContainText('Vegan, no peanuts');
    await expect(section.getByRole('button', { name: 'Edit answers' })).toBeFocused();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await section.screenshot({ path: test.info().outputPath('console-answers-375.png') });
  }
});
