/**
 * The allow-list CMS HTML passes through (sanitize-html), on write and again on read: the
 * browser injects `Content` into the page (the spec's /cms/{id} page), so anything that could run
 * script must never reach it.
 *
 * Allowed: headings, paragraphs, lists, emphasis, blockquote, basic tables, figure/figcaption,
 * links (http, https, mailto; `rel="noopener noreferrer"` added, and `target` only as `_blank`)
 * and images (http, https or relative `src`; alt, width, height). Everything else is dropped:
 * script, style, iframe, svg, math, forms, every `on*` and `style` attribute, and
 * `javascript:`/`data:` URLs, images included (pages link images; they do not embed them).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Text inside dropped tags such as <script> or <style> is dropped with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...rest,
          ...(target === '_blank' ? { target } : {}),
          rel: 'noopener noreferrer',
        },
      };
    },
  },
};

/** Returns `html` reduced to the allow-list above. Pure; never throws. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
