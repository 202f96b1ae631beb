/**
 * The foot of a deal action's form (move, quote, schedule, close-out, request answer): its
 * submit, the way back, and the api's refusal in words when the last try failed.
 */
export function DealFormActions({
  submit,
  disabled,
  back = 'Close',
  onBack,
  error = null,
}: {
  submit: string;
  disabled: boolean;
  back?: string;
  onBack: () => void;
  error?: string | null;
}) {
  return (
    <>
      <p className="deal-move-form__actions">
        <button type="submit" className="button" disabled={disabled}>
          {submit}
        </button>{' '}
        <button type="button" className="button button--ghost" onClick={onBack}>
          {back}
        </button>
      </p>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
