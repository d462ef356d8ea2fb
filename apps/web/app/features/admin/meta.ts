/**
 * Head tags of console pages. React Router uses the deepest route's `meta`, so every console
 * route that exports one builds it here to keep `/admin` out of search engines.
 */
export const ADMIN_ROBOTS = { name: 'robots', content: 'noindex, nofollow' } as const;

/** `<title>` and the robots tag of a console page. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Organizer console` }, ADMIN_ROBOTS];
}
