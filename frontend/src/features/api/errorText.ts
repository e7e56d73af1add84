/**
 * The words to show for a failed call: the server's own `{ error }` text when it sent one
 * (it uses the spec's texts), otherwise the screen's fallback. Never a raw status or stack.
 * A 429 that says when to come back (Retry-After) says it in words: the product's text only
 * says "later", and a person who waits the right time need not guess how much later.
 */
export function errorTextOf(failure: unknown, fallback: string): string {
  const seconds = retryAfterOf(failure);
  if (seconds !== undefined) return `Too many requests: please wait ${waitText(seconds)}, then try again.`;
  if (typeof failure === 'object' && failure !== null && 'data' in failure) {
    const data = (failure as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const text = (data as { error: unknown }).error;
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return fallback;
}

/** Seconds as a wait a person reads: "42 seconds", "2 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The wait of a 429 refusal that named one (lib/http.ts and the panel's base query both carry it). */
function retryAfterOf(failure: unknown): number | undefined {
  if (typeof failure !== 'object' || failure === null) return undefined;
  const { status, retryAfterSeconds } = failure as { status?: unknown; retryAfterSeconds?: unknown };
  return status === 429 && typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0
    ? retryAfterSeconds
    : undefined;
}
