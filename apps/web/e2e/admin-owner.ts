/**
 * The owner's session in the end-to-end specs. The owner is one account for the whole run
 * (added by the CLI before the server starts), and must enrol two-factor at the first sign-in:
 * the first spec to sign in enrols it and keeps the authenticator's secret in the server's
 * data directory, so later specs sign in with a code computed from it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { enrolTotp, signInWithPassword, signInWithTotp } from './admin-helpers';
import { dataDir, expect } from './fixtures';

const secretFile = () => path.join(dataDir(), 'e2e-owner-totp-secret.txt');

/** Signs the owner in on `page`, enrolling two-factor on the run's first sign-in. */
export async function signInOwner(page: Page, email: string) {
  if (existsSync(secretFile())) {
    await signInWithTotp(page, email, readFileSync(secretFile(), 'utf8'));
  } else {
    await signInWithPassword(page, email);
    writeFileSync(secretFile(), await enrolTotp(page));
  }
  await expect(page).not.toHaveURL(/\/admin\/(two-factor|sign-in)/);
}
