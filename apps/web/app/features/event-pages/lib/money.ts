/** Integer paise as rupees with two decimals, e.g. 50400 → "₹504.00" (the popups' totals). */
export function formatPaise(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  }).format(paise / 100);
}
