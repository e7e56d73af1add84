/**
 * The words to show for a failed call: the server's own `{ error }` text when it sent one
 * (it uses the spec's texts), otherwise the screen's fallback. Never a raw status or stack.
 */
export function errorTextOf(failure: unknown, fallback: string): string {
  if (typeof failure === 'object' && failure !== null && 'data' in failure) {
    const data = (failure as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const text = (data as { error: unknown }).error;
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return fallback;
}
