interface VariableChipsProps {
  /** The list's title id (unique on the page). */
  titleId: string;
  variables: ReadonlyArray<{ token: string; text: string }>;
  onInsert: (token: string) => void;
}

/** The variables a message may use, each a button that inserts it where the cursor is. */
export function VariableChips({ titleId, variables, onInsert }: VariableChipsProps) {
  return (
    <div className="variables">
      <p id={titleId} className="field-hint">
        Variables (click to insert):
      </p>
      <ul className="variable-list" aria-labelledby={titleId}>
        {variables.map(({ token, text }) => (
          <li key={token}>
            <button
              type="button"
              className="variable-chip"
              onClick={() => onInsert(token)}
              aria-label={`Insert ${token}: ${text}`}
            >
              {token}
            </button>
            <span className="muted"> {text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
