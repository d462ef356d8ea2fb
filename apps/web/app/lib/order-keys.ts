/**
 * The keys that open orders in this browser. An order's reference is printed on every pass, so
 * the server opens an order only with its key as well (orders/access.ts on the API): checkout
 * hands the buyer's key to the browser that buys, and the confirmation emails carry one in
 * their link's fragment (`#key=`), which no server sees. Kept in localStorage by reference: the
 * payment may end in another tab (a UPI app returning to the browser), and the success page
 * must still open the order there.
 */
const PREFIX = 'festival.order-key:';

/** Keeps the key of order `reference` in this browser. */
export function rememberOrderKey(reference: string, key: string): void {
  try {
    window.localStorage.setItem(PREFIX + reference, key);
  } catch {
    // Storage refused (private mode, quota): the confirmation email's link still opens the order.
  }
}

/**
 * The key of order `reference` in this browser, if any. A `#key=` in the address (an email's
 * link) is kept and then taken out of the address bar, so a copied address does not carry it.
 * Undefined while prerendering.
 */
export function orderKeyOf(reference: string): string | undefined {
  if (typeof window === 'undefined' || reference === '') return undefined;
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('key');
  if (fromLink) {
    rememberOrderKey(reference, fromLink);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
    return fromLink;
  }
  try {
    return window.localStorage.getItem(PREFIX + reference) ?? undefined;
  } catch {
    return undefined;
  }
}

/** `path` with the order key as `?key=` (or `&key=`) when there is one. */
export function withOrderKey(path: string, key: string | undefined): string {
  if (!key) return path;
  return `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}
