/**
 * The Gujarati and Devanagari web fonts (Noto Sans, self-hosted from @fontsource, regular and
 * bold). Only the page of a language loads its font: the rules are written by that language's
 * layout route (routes/locale/*.tsx), and `unicode-range` limits each face to its script, so the
 * Latin text of a page (and every English page) keeps the system fonts and downloads nothing.
 */

/** The ranges of fontsource's own script subsets (its 400.css), so a face serves its script only. */
const GUJARATI_RANGE = 'U+0951-0952,U+0964-0965,U+0A80-0AFF,U+200C-200D,U+20B9,U+25CC,U+A830-A839';
const DEVANAGARI_RANGE =
  'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

/** The system stack of app.css (its --font-sans), after the script's font. */
const SYSTEM_STACK =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The CSS of one script's font: a face for each of `files` (weight → woff2 URL) limited to
 * `range`, and the font first in the site's sans-serif stack (Tailwind's --font-sans, which the
 * page's text uses) on pages in `lang`.
 */
export function scriptFontCss(
  family: string,
  lang: string,
  range: string,
  files: Record<400 | 700, string>,
): string {
  const faces = Object.entries(files).map(
    ([weight, url]) =>
      `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${range}}`,
  );
  return `${faces.join('')}:root:lang(${lang}){--font-sans:'${family}',${SYSTEM_STACK}}`;
}

export const gujaratiFontCss = (files: Record<400 | 700, string>) =>
  scriptFontCss('Noto Sans Gujarati', 'gu', GUJARATI_RANGE, files);

export const devanagariFontCss = (files: Record<400 | 700, string>) =>
  scriptFontCss('Noto Sans Devanagari', 'hi', DEVANAGARI_RANGE, files);
