/**
 * The two answers to "are you sure?" under an action that cannot be undone: do it (named for
 * what it does, and saying so while it runs), or keep things as they are.
 */
export function ConfirmButtons({
  label,
  busyLabel,
  busy,
  onConfirm,
  onKeep,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <span className="button-row button-row-start">
      <button type="button" className="button button-danger button-small" onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button-ghost button-small" onClick={onKeep}>
        Keep
      </button>
    </span>
  );
}
