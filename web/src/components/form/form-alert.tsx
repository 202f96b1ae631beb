/**
 * A form's outcome message in a live region: role="alert" is announced at once, which is what a
 * failed submission needs (the "alert" of docs/product.md §8, without a blocking window.alert). Rendered empty
 * until there is something to say, so screen readers announce the change.
 */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'alert form-alert' : 'form-alert'}>
      {message}
    </div>
  );
}
