import type { ErrorCode } from '@vip/contracts';

/**
 * A rule of the product said no. Deciders throw these with the spec's text; the HTTP layer
 * turns the kind into a status code, so deciders never know about HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  /** Not now: retry soon (503; the error says when with `retryAfterSeconds`). */
  | 'unavailable';

export class DomainError extends Error {
  readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A stable machine-readable code for clients that branch on the cause (contracts' errorCodes). */
    readonly code: ErrorCode = kind,
  ) {
    super(message);
  }
}

export const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  unavailable: 503,
};
