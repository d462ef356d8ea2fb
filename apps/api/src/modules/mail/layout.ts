/**
 * The festival's email frame: one HTML layout and its plain-text twin, so every template
 * only writes its body. Values interpolated into HTML must go through `escapeHtml`.
 */
import escapeHtml from 'escape-html';

export { escapeHtml };

export interface EmailBody {
  /** Heading shown at the top of the message. */
  heading: string;
  /** Inner HTML; callers escape every value they interpolate. */
  html: string;
  text: string;
}

const FESTIVAL = 'Startup Fest Gujarat 2024';
const FOOTER = '20–21 October 2024, 10:00 AM – 07:00 PM IST · Science City, Ahmedabad, Gujarat';

/** Wraps a body in the festival's layout. */
export function renderEmail({ heading, html, text }: EmailBody): { html: string; text: string } {
  return {
    html: `<!doctype html><html lang="en"><body style="margin:0;background:#f4f4f7;font-family:Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1e1b4b;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(FESTIVAL)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${html}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(FOOTER)}</td></tr>
</table></td></tr></table></body></html>`,
    text: `${FESTIVAL}\n\n${heading}\n\n${text}\n\n--\n${FOOTER}\n`,
  };
}
