/**
 * Server-rendered pages of the sandbox checkout: the test payment page, and the page that
 * posts the result to the callback the way Razorpay Checkout's `callback_url` redirect does.
 * Self-contained (inline CSS, no external assets); every value is HTML-escaped.
 */
import { EVENT_TIME_ZONE, formatRupees } from '@festival/shared';
import { escapeHtml } from '../mail/layout.js';
import { minutesPhrase } from '../../lib/minutes.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f4f7;color:#1f2937}
.banner{background:#b45309;color:#fff;text-align:center;font-weight:700;font-size:1.25rem;padding:1rem;letter-spacing:.03em}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#4b5563}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.5rem}
.actions{display:flex;gap:1rem;flex-wrap:wrap}
.actions form{flex:1}
button{width:100%;min-height:3rem;font-size:1.1rem;font-weight:700;border:0;border-radius:.5rem;cursor:pointer;padding:.75rem 1rem}
.pay{background:#15803d;color:#fff}.fail{background:#b91c1c;color:#fff}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
p.note{color:#4b5563;font-size:.95rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="banner">TEST PAYMENT — sandbox, no money moves</div>
${body}
</body>
</html>`;
}

const reservationTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export interface SandboxOrderView {
  providerOrderId: string;
  reference: string;
  eventName: string;
  ticketName: string;
  quantity: number;
  /** Integer paise. */
  amount: number;
  /** A paid order shows no buttons: Razorpay refuses a second payment of a paid order. */
  paid: boolean;
  expiresAt: Date;
  /** The server's clock, for the minutes left. */
  now: Date;
}

/** "14 minutes left", rounded up; "no time left" once the reservation has lapsed. */
function minutesLeft({ expiresAt, now }: { expiresAt: Date; now: Date }): string {
  const minutes = Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'no time left';
  return `${minutesPhrase(minutes)} left`;
}

/** The test checkout page: what is being paid for, and Pay / Fail buttons. */
export function renderSandboxCheckoutPage(order: SandboxOrderView): string {
  const base = `/api/auth/payment/sandbox/${encodeURIComponent(order.providerOrderId)}`;
  const rows: [string, string][] = [
    ['Event', order.eventName],
    ['Ticket', order.ticketName],
    ['Quantity', String(order.quantity)],
    ['Reference No.', order.reference],
  ];
  const details = rows
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const actions = order.paid
    ? `<p>This order is already paid. <a href="/payment-success?reference=${escapeHtml(encodeURIComponent(order.reference))}">See your passes</a>.</p>`
    : `<div class="actions">
<form method="post" action="${escapeHtml(`${base}/pay`)}"><button class="pay" type="submit">Pay ${escapeHtml(formatRupees(order.amount))}</button></form>
<form method="post" action="${escapeHtml(`${base}/fail`)}"><button class="fail" type="submit">Fail</button></form>
</div>
<p class="note">Seats are reserved until ${escapeHtml(reservationTime.format(order.expiresAt))} (${escapeHtml(minutesLeft(order))}). Pay signs the result like Razorpay Checkout; Fail sends Razorpay's failure result.</p>`;
  return page(
    `Sandbox payment — ${order.eventName}`,
    `<main>
<h1>Complete your payment</h1>
<dl>${details}<dt>Amount</dt><dd class="amount">${escapeHtml(formatRupees(order.amount))}</dd></dl>
${actions}
</main>`,
  );
}

/** The auto-submit page's one inline script; its hash is the page's Content-Security-Policy. */
export const AUTO_SUBMIT_SCRIPT = "document.getElementById('payment-result').submit();";

/**
 * A page that immediately posts `fields` to `action` (`AUTO_SUBMIT_SCRIPT`), with a visible
 * button when scripts are off: how Checkout hands its result to `callback_url`.
 */
export function renderAutoSubmitPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'Returning to the festival site',
    `<main>
<h1>Returning to the festival site…</h1>
<form id="payment-result" method="post" action="${escapeHtml(action)}">
${inputs}
<noscript><button class="pay" type="submit">Continue</button></noscript>
</form>
</main>
<script>${AUTO_SUBMIT_SCRIPT}</script>`,
  );
}
