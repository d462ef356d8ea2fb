/** Lower-case, hyphenated form of a name, used for image file names ('Open Mic' → 'open-mic'). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
