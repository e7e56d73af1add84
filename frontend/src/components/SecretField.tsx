import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../lib/clipboard.ts';

async function copyWithToast(value: string) {
  if (await copyText(value)) toast.success('Copied to clipboard');
  else toast.error('Failed to copy to clipboard');
}

/**
 * A credential that is hidden until asked for (decisions.md §4): masked by default, a
 * Show/Hide toggle, and a Copy button that works either way and says whether it copied.
 */
export function SecretField({ label, value }: { label: string; value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="secret-field">
      <span className="secret-label">{label}</span>
      <div className="secret-row">
        <code className="secret-value" data-shown={shown}>
          {shown ? value : '•'.repeat(Math.min(Math.max(value.length, 8), 24))}
        </code>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={shown}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label}`}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Copy ${label}`}
          onClick={() => copyWithToast(value)}
        >
          Copy
        </button>
      </div>
    </div>
  );
}
