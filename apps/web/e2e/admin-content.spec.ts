/**
 * Site content and editions from the console, as organizers use them: the owner adds a content
 * organizer and a manager through the console's API; the content organizer edits an FAQ answer and
 * a speaker (with a photo upload) and sees both on /faq and /speakers, no rebuild in between; the
 * manager changes the edition's venue and sees it on the home page. The tests run in order and
 * share the accounts; each puts back what it changed, since the other specs share the server and
 * expect the seeded content.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, inviteWithPassword, signInEnrolled, signInWithPassword } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, test, uniqueEmail } from './fixtures';

test.describe.configure({ mode: 'serial' });

const content = { name: 'Chitra Content', email: uniqueEmail('content'), role: 'content' };
const manager = { name: 'Mohan Manager', email: uniqueEmail('manager'), role: 'manager' };

/** A 1×1 PNG: the server decodes and re-encodes it like any photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

/** Sends a change to `/api/admin{path}` with the page's session, as the console would. */
async function adminCall(page: Page, method: 'PUT' | 'PATCH', path: string, data: object) {
  const response = await page.request.fetch(`/api/admin${path}`, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function adminData<T>(page: Page, path: string): Promise<T> {
  return ((await (await page.request.get(`/api/admin${path}`)).json()) as { data: T }).data;
}

interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}
interface Speaker {
  id: number;
  name: string;
  caption: string;
  group: string;
  image: { src: string; width: number; height: number; alt: string };
  sample: boolean;
}

async function openContent(page: Page, section: string) {
  await page
    .getByRole('navigation', { name: 'Content sections' })
    .getByRole('link', { name: section })
    .click();
}

test('the owner adds a content organizer and a manager', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  // The owner's signed-in session invites them, as the console itself would; each chooses
  // PASSWORD through the invitation's link.
  for (const person of [content, manager]) await inviteWithPassword(page.request, person);
});

test('a content organizer edits an FAQ answer and a speaker with a photo; the site shows both', async ({
  page,
}) => {
  await signInWithPassword(page, content.email);
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }),
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site content');
  const faqBefore = await adminData<FaqEntry[]>(page, '/faq');
  const speakerBefore = (await adminData<Speaker[]>(page, '/content/speakers'))[0]!;
  expect(speakerBefore.name).toBe('Sample Speaker 1');
  try {
    // FAQ: edit the first answer.
    await openContent(page, 'FAQ');
    const entries = page.getByRole('list', { name: 'FAQ entries in display order' });
    await expect(entries.getByRole('listitem')).not.toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Edit Where is the venue, and is there parking?' }).click();
    const faqDialog = page.getByRole('dialog', { name: 'Edit question' });
    const answer = 'Gujarat Science City, Ahmedabad. Free parking opens at 9 AM; the lot fills by noon.';
    // The English answer, beside its Gujarati and Hindi.
    await faqDialog
      .getByRole('group', { name: 'English' })
      .getByRole('textbox', { name: 'Answer' })
      .fill(answer);
    await faqDialog.getByRole('button', { name: 'Save question' }).click();
    await expect(faqDialog).toBeHidden();
    await expect(entries.getByText(answer)).toBeVisible();
    // Move it to the top with the keyboard.
    const up = page.getByRole('button', { name: 'Move Where is the venue, and is there parking? up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(entries.getByRole('listitem').first()).toContainText('Where is the venue');

    // Speakers, opened by address: a console page with a parameter, without the public site's chrome.
    await page.goto('/admin/content/speakers');
    await expect(page.getByRole('heading', { level: 2, name: 'Speakers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit Sample Speaker 1' }).click();
    const speakerDialog = page.getByRole('dialog', { name: 'Edit Sample Speaker 1' });
    await speakerDialog.getByRole('textbox', { name: 'Name' }).fill('Dr. Meera Joshi');
    await speakerDialog.getByRole('textbox', { name: 'Title or topic' }).fill('Scaling rural clinics');
    await speakerDialog.getByLabel('Replace the image').setInputFiles({
      name: 'meera.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await expect(speakerDialog.getByRole('status')).toHaveText('Image uploaded.');
    await expect(speakerDialog.getByTestId('image-preview')).toHaveAttribute(
      'src',
      /^\/api\/content\/images\/.+\.png$/,
    );
    await speakerDialog
      .getByRole('textbox', { name: 'Text alternative' })
      .fill('Portrait of Dr. Meera Joshi');
    await speakerDialog.getByRole('checkbox', { name: /Sample entry/ }).uncheck();
    await expectNoAccessibilityViolations(page);
    await speakerDialog.getByRole('button', { name: 'Save speaker' }).click();
    await expect(speakerDialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Speakers in display order' })).toContainText(
      'Dr. Meera Joshi',
    );

    // The public pages, as a visitor opens them next.
    await page.goto('/faq');
    await expect(
      page.getByRole('button', { name: 'Where is the venue, and is there parking?' }),
    ).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(answer)).toBeVisible();

    await page.goto('/speakers');
    const speakers = page.getByTestId('people-speakers');
    await expect(speakers.getByRole('heading', { name: 'Dr. Meera Joshi' })).toBeVisible();
    await expect(speakers.getByText('Scaling rural clinics')).toBeVisible();
    const photo = speakers.getByRole('img', { name: 'Portrait of Dr. Meera Joshi' });
    await expect(photo).toHaveAttribute('src', /^\/api\/content\/images\/.+\.png$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  } finally {
    const venueQuestion = faqBefore.find((entry) => entry.question.startsWith('Where is the venue'))!;
    await adminCall(page, 'PUT', `/faq/${venueQuestion.id}`, {
      question: venueQuestion.question,
      answer: venueQuestion.answer,
    });
    await adminCall(page, 'PUT', '/faq/order', { ids: faqBefore.map((entry) => entry.id) });
    const { id, image, linkUrl: _link, ...fields } = { linkUrl: null, ...speakerBefore };
    await adminCall(page, 'PUT', `/content/speakers/${id}`, {
      ...fields,
      image: { url: image.src, width: image.width, height: image.height, alt: image.alt },
    });
  }
});

test('a manager changes the edition’s venue and the home page shows it, also at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInEnrolled(page, manager.email);
  await page.goto('/admin/editions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editions');
  const venue = page.getByRole('textbox', { name: 'Venue', exact: true });
  await expect(venue).toHaveValue('Gujarat Science City, Ahmedabad');
  await venue.fill('GMDC Exhibition Centre, Ahmedabad');
  await page.getByRole('button', { name: 'Save edition' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  try {
    await page.goto('/');
    const eventInfo = page.getByRole('region', { name: 'Event Info' });
    await expect(eventInfo.getByRole('link', { name: 'GMDC Exhibition Centre, Ahmedabad' })).toBeVisible();
  } finally {
    await adminCall(page, 'PATCH', '/editions/current', { venue: 'Gujarat Science City, Ahmedabad' });
  }
});

test('a content organizer adds, moves, renames and deletes an award category with the keyboard', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The taken name is refused with 400, which the browser logs.
  expectedConsoleErrors.push(/status of 400/);
  await signInWithPassword(page, content.email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
  await openContent(page, 'Award categories');
  const list = page.getByRole('list', { name: 'Award categories in display order' });
  await expect(list.getByRole('listitem')).toHaveCount(4);

  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an award category' });
  await dialog.getByRole('textbox', { name: 'Category name' }).fill('Best Women-Led Startup');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(list.getByRole('listitem').last()).toContainText('Best Women-Led Startup');

  const up = page.getByRole('button', { name: 'Move Best Women-Led Startup up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').nth(3)).toContainText('Best Women-Led Startup');
  await page.screenshot({ path: test.info().outputPath('award-categories-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath('award-categories-375.png'), fullPage: true });
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Rename Best Women-Led Startup' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename the category' });
  await rename.getByRole('textbox', { name: 'Category name' }).fill('Best Agri-Tech Startup');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByRole('textbox', { name: 'Category name' })).toHaveAccessibleDescription(
    /This edition already has a category of that name/,
  );
  await rename.getByRole('textbox', { name: 'Category name' }).fill('Best Women-Led Rural Startup');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(list).toContainText('Best Women-Led Rural Startup');

  // Categories holding nominees offer no Delete; the empty one does.
  await expect(page.getByRole('button', { name: 'Delete Best Agri-Tech Startup' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Best Women-Led Rural Startup' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete category' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
});
