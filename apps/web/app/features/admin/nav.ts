/**
 * The console's navigation: one list of entries, each with the roles that may open it. The
 * layout shows a role only its entries and answers a page of an entry the role may not open
 * with the forbidden screen. The server enforces roles on every `/api/admin` route anyway
 * (apps/api/src/plugins/organizer-auth.ts); this only keeps the console from offering what
 * would be refused.
 */
import {
  CHECKIN_ROLES,
  DASHBOARD_ROLES,
  EXPORT_ROLES,
  INVOICE_READER_ROLES,
  JOB_FAILURE_ROLES,
  MESSAGE_ROLES,
  QUESTION_READER_ROLES,
  REGISTRATION_ALERT_ROLES,
  REPORT_ROLES,
  SETTINGS_EDITOR_ROLES,
  SETUP_VIEWER_ROLES,
  ROLES_REQUIRING_TWO_FACTOR,
  type Organizer,
  type OrganizerRole,
} from '@festival/shared';

export interface NavEntry {
  /** Absolute path under /admin. */
  path: string;
  label: string;
  roles: readonly OrganizerRole[];
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: '/admin', label: 'Dashboard', roles: DASHBOARD_ROLES },
  { path: '/admin/registrations', label: 'Registrations', roles: ['owner', 'manager', 'finance'] },
  { path: '/admin/orders', label: 'Orders', roles: ['owner', 'manager', 'finance'] },
  { path: '/admin/ticket-types', label: 'Ticket types', roles: ['owner', 'manager', 'finance'] },
  { path: '/admin/questions', label: 'Questions', roles: QUESTION_READER_ROLES },
  { path: '/admin/vouchers', label: 'Vouchers', roles: ['owner', 'manager', 'finance'] },
  { path: '/admin/waiting-list', label: 'Waiting list', roles: ['owner', 'manager'] },
  { path: '/admin/content', label: 'Content', roles: ['owner', 'manager', 'content'] },
  { path: '/admin/editions', label: 'Editions', roles: ['owner', 'manager'] },
  { path: '/admin/inquiries', label: 'Inquiries', roles: ['owner', 'manager'] },
  { path: '/admin/registration-alerts', label: 'Registration alerts', roles: REGISTRATION_ALERT_ROLES },
  { path: '/admin/messages', label: 'Messages', roles: MESSAGE_ROLES },
  { path: '/admin/voting', label: 'Voting', roles: ['owner', 'manager', 'finance', 'content'] },
  { path: '/admin/invoices', label: 'Invoices', roles: INVOICE_READER_ROLES },
  { path: '/admin/reports', label: 'Reports', roles: REPORT_ROLES },
  { path: '/admin/exports', label: 'Exports', roles: EXPORT_ROLES },
  { path: '/admin/settings', label: 'Settings', roles: SETTINGS_EDITOR_ROLES },
  { path: '/admin/setup', label: 'Setup', roles: SETUP_VIEWER_ROLES },
  { path: '/admin/checkin', label: 'Check-in', roles: CHECKIN_ROLES },
  { path: '/admin/jobs', label: 'Failed jobs', roles: JOB_FAILURE_ROLES },
  { path: '/admin/data-requests', label: 'Data requests', roles: ['owner', 'manager'] },
  { path: '/admin/organizers', label: 'Organizers', roles: ['owner'] },
  { path: '/admin/audit', label: 'Audit log', roles: ['owner'] },
  { path: '/admin/backups', label: 'Backups', roles: ['owner'] },
  { path: '/admin/status', label: 'Status', roles: ['owner'] },
];

/**
 * Pages open without a session: signing in (with its two-factor step), asking for a password
 * reset, and choosing a password from an invitation or reset link.
 */
export const SIGNED_OUT_PATHS = ['/admin/sign-in', '/admin/forgot-password', '/admin/set-password'] as const;

/** The entries `role` may open, in menu order. */
export function navFor(role: OrganizerRole): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => entry.roles.includes(role));
}

/** The entry a pathname belongs to: the dashboard only for `/admin` itself, the others with their subpages. */
export function entryOf(pathname: string): NavEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return NAV_ENTRIES.find((entry) =>
    entry.path === '/admin' ? path === '/admin' : path === entry.path || path.startsWith(`${entry.path}/`),
  );
}

/** False when `pathname` belongs to an entry `role` may not open; pages of no entry are open to all. */
export function mayOpen(pathname: string, role: OrganizerRole): boolean {
  const entry = entryOf(pathname);
  return !entry || entry.roles.includes(role);
}

/** Where `role` lands after signing in: its first entry, or its account page when it has none (gate). */
export function homeFor(role: OrganizerRole): string {
  return navFor(role)[0]?.path ?? '/admin/account';
}

/** Where an organizer goes after signing in: `next` when it is a console page or the gate scanner, else `fallback`. */
export function afterSignIn(next: string | null, fallback: string): string {
  return next &&
    /^\/(admin|checkin)(\/|$|\?)/.test(next) &&
    !SIGNED_OUT_PATHS.some((path) => next.startsWith(path))
    ? next
    : fallback;
}

/** True while an organizer whose role requires two-factor has not enrolled: the console opens nothing else. */
export function mustEnrolTwoFactor(organizer: Organizer): boolean {
  return ROLES_REQUIRING_TWO_FACTOR.includes(organizer.role) && !organizer.twoFactorEnabled;
}
