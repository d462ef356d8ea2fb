/**
 * After a submit that found problems, focus goes to the first invalid field in reading order:
 * the order of the form's controls in the document. react-hook-form's own focus follows the order
 * fields were registered in, which is not the page's order when a hook registers some fields
 * before the form renders the others.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, isInvalid: (name: string) => boolean): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      element.name &&
      isInvalid(element.name)
    ) {
      element.focus();
      return;
    }
  }
}
