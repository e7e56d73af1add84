import type { z } from 'zod';
import { DomainError } from '../domain-error.ts';

/** Parses a body or a parameter; the first problem becomes a 400 with its text. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new DomainError('invalid', issue?.message ?? 'Invalid request', 'validation');
}
