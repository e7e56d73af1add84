import type { z } from 'zod';
import { errorTexts } from '@vip/contracts';
import { DomainError } from '../domain-error.ts';

/** Parses a body or a parameter; the first problem becomes a 400 with its text. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // the whole body has the wrong shape (an array, a string): no field to blame
  if (issue && issue.path.length === 0 && issue.code === 'invalid_type' && typeof input !== 'string') {
    throw new DomainError('invalid', errorTexts.bodyNotObject, 'validation');
  }
  throw new DomainError('invalid', issue?.message ?? 'Invalid request', 'validation');
}
