/** A rewrite that must not start (or go on): said in words for the operator, never a stack trace. */
export class RewriteRefused extends Error {
  readonly name = 'RewriteRefused';
  constructor(
    message: string,
    /** `done`: there is nothing to rewrite (a no-op, not a failure). */
    readonly outcome: 'refused' | 'done' = 'refused',
  ) {
    super(message);
  }
}
