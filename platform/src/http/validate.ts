import { errorTexts } from '@vip/contracts';
import type { z } from 'zod';
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

/**
 * validate() for a form: when any field is missing or blank the answer is "Please fill in
 * all fields" (spec §5), whichever field zod happened to check first; otherwise the first
 * problem's own text.
 */
export function validateForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success && result.error.issues.some((issue) => issue.message === errorTexts.fillAllFields)) {
    throw new DomainError('invalid', errorTexts.fillAllFields, 'validation');
  }
  return validate(schema, input);
}
