/**
 * Moves focus to the first control in error in document order, once React has painted the
 * messages (react-hook-form's own focus follows registration order, which is not the page's).
 * For a radio group the fieldset carries aria-invalid; its first radio gets the focus.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>('input') : invalid;
    target?.focus();
  });
}
