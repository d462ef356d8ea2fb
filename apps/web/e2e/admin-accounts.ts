/**
 * The organizer the e2e server starts with: playwright.config.ts adds it with the organizer CLI
 * before starting the server (the console has no default account). Kept apart from the helpers
 * so the config loads no test code.
 */
export const PASSWORD = 'violet tractor morning harbour';

export const E2E_OWNER = { email: 'owner@e2e.test', name: 'E2E Owner' } as const;

/** The owner of the server whose mail server is down at first (failed-jobs.spec.ts). */
export const MAIL_DOWN_OWNER = { email: 'mail-owner@e2e.test', name: 'Mail Owner' } as const;

/** The test-clock server's METRICS_TOKEN (metrics.spec.ts scrapes it as Prometheus would). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef0123';
