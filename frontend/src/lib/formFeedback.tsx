import { useState } from 'react';
import toast from 'react-hot-toast';

/** Which field a refusal's text is about (the server answers with the same shared texts), or null. */
export type FieldOfProblem<Field extends string> = (text: string) => Field | null;

/** The field at fault and the words that say why; null while nothing was refused. */
interface Problem<Field extends string> {
  field: Field | null;
  text: string;
}

/**
 * What a form says after a save: one toast per form, replaced by the next one (a success
 * never stands beside the old error), and the field at fault marked with its message beside
 * it until it is edited. A refusal never touches what was typed: the form keeps its state.
 */
export function useFormFeedback<Field extends string>(formId: string, fieldOf: FieldOfProblem<Field>) {
  const [problem, setProblem] = useState<Problem<Field> | null>(null);
  const errorId = (field: Field) => `${formId}-${field}-error`;

  return {
    /** The save was refused (by the server or by the form's own check) with these words. */
    refused(text: string, field: Field | null = fieldOf(text)) {
      setProblem({ field, text });
      toast.error(text, { id: formId });
    },
    saved(text: string) {
      setProblem(null);
      toast.success(text, { id: formId });
    },
    /** aria-invalid and aria-describedby for a field: its hint, and its message when it is at fault. */
    fieldProps(field: Field, hintId?: string) {
      const invalid = problem?.field === field;
      const describedBy = [hintId, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
      return { 'aria-invalid': invalid ? (true as const) : undefined, 'aria-describedby': describedBy || undefined };
    },
    /** The message shown beside a field at fault (nothing otherwise). */
    fieldError(field: Field) {
      if (problem?.field !== field) return null;
      return (
        <p className="field-error" id={errorId(field)}>
          {problem.text}
        </p>
      );
    },
    /** Editing the field at fault clears its mark: the person is fixing it. */
    edited(field: Field) {
      if (problem?.field === field) setProblem(null);
    },
  };
}

/** fieldOf from a table of field → the texts that blame it. */
export function fieldsByText<Field extends string>(
  table: Record<Field, ReadonlyArray<string | RegExp>>,
): FieldOfProblem<Field> {
  return (text) => {
    for (const [field, texts] of Object.entries(table) as [Field, ReadonlyArray<string | RegExp>][])
      if (texts.some((known) => (typeof known === 'string' ? known === text : known.test(text)))) return field;
    return null;
  };
}
