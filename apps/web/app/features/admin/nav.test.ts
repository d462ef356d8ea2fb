import { describe, expect, it } from 'vitest';
import { afterSignIn, entryOf, homeFor, mayOpen, mustEnrolTwoFactor, navFor } from './nav';

describe('console navigation', () => {
  it('shows each role only its entries', () => {
    expect(navFor('gate').map((entry) => entry.path)).toEqual(['/admin/checkin']);
    expect(navFor('content').map((entry) => entry.path)).toEqual([
      '/admin',
      '/admin/content',
      '/admin/voting',
    ]);
    expect(navFor('owner').map((entry) => entry.path)).toContain('/admin/audit');
    expect(navFor('manager').map((entry) => entry.path)).not.toContain('/admin/organizers');
  });

  it("follows the organizer guide's role table: finance reads vote results, only the export roles export", () => {
    expect(navFor('finance').map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['/admin/voting', '/admin/exports']),
    );
    expect(mayOpen('/admin/exports', 'content')).toBe(false);
    expect(mayOpen('/admin/ticket-types', 'content')).toBe(false);
  });

  it('matches the dashboard exactly and other entries with their subpages', () => {
    expect(entryOf('/admin')?.label).toBe('Dashboard');
    expect(entryOf('/admin/')?.label).toBe('Dashboard');
    expect(entryOf('/admin/orders/ABC123')?.label).toBe('Orders');
    expect(entryOf('/admin/ordersx')).toBeUndefined();
    expect(entryOf('/admin/account')).toBeUndefined();
  });

  it('forbids pages of entries a role lacks and opens pages of no entry', () => {
    expect(mayOpen('/admin/orders', 'gate')).toBe(false);
    expect(mayOpen('/admin/orders/ABC123', 'content')).toBe(false);
    expect(mayOpen('/admin/orders', 'finance')).toBe(true);
    expect(mayOpen('/admin/account', 'gate')).toBe(true);
    expect(mayOpen('/admin', 'gate')).toBe(false);
  });

  it('starts a role on its first entry, gate on check-in', () => {
    expect(homeFor('owner')).toBe('/admin');
    expect(homeFor('gate')).toBe('/admin/checkin');
  });

  it('returns after sign-in only to console pages and the scanner', () => {
    expect(afterSignIn('/admin/orders?status=paid', '/admin')).toBe('/admin/orders?status=paid');
    expect(afterSignIn('https://evil.example/admin', '/admin')).toBe('/admin');
    expect(afterSignIn('//evil.example', '/admin')).toBe('/admin');
    expect(afterSignIn('/administrator', '/admin')).toBe('/admin');
    expect(afterSignIn('/admin/sign-in', '/admin')).toBe('/admin');
    expect(afterSignIn(null, '/admin/account')).toBe('/admin/account');
    expect(afterSignIn('/checkin', '/admin')).toBe('/checkin');
    expect(afterSignIn('/checkinx', '/admin')).toBe('/admin');
  });

  it('requires enrolment only of roles that need two-factor', () => {
    const base = {
      id: '1',
      email: 'a@example.org',
      name: 'A',
      twoFactorEnabled: false,
      mustChangePassword: false,
    };
    expect(mustEnrolTwoFactor({ ...base, role: 'finance' })).toBe(true);
    expect(mustEnrolTwoFactor({ ...base, role: 'finance', twoFactorEnabled: true })).toBe(false);
    expect(mustEnrolTwoFactor({ ...base, role: 'content' })).toBe(false);
  });
});
