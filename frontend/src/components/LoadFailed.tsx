import type { ReactNode } from 'react';

/** A list or page that could not be loaded: the spec's text, and a way to ask again. */
export function LoadFailed({
  children,
  onRetry,
  small = false,
}: {
  children: ReactNode;
  onRetry: () => void;
  small?: boolean;
}) {
  return (
    <div className="banner banner-error" role="alert">
      {children}
      <button
        type="button"
        className={small ? 'button button-secondary button-small' : 'button button-secondary'}
        onClick={() => onRetry()}
      >
        Try again
      </button>
    </div>
  );
}
