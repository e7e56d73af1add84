import type { z } from 'zod';
import { errorTexts } from '@vip/contracts';
import { DomainError, validate } from '@vip/platform';

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
