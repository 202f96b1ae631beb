/**
 * What the last action on a staff page did ("Saved …", "… is signed out"), in a live region
 * that exists before the message does, so screen readers announce it when it appears.
 */
export function ActionStatus({ message }: { message: string | null }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p className="status-note" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
