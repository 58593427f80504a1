import { useState } from 'react';
import type { z } from 'zod';
import { apiFieldErrors } from '../../lib/forms.ts';
import { isApiError } from '../../lib/http.ts';
import { translateMessage } from '../../lib/i18n.ts';

/** Field errors keyed by their full path (`value.pattern`, `connection_ids`), for forms with lists. */
export function pathErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    // list items report on the list itself
    const path = issue.path.filter((p) => typeof p === 'string').join('.') || '_form';
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** Validation with the shared schemas and server errors for the routing forms. */
export function useRoutingForm(fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();

  function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      setFormError(undefined);
      return result.data;
    }
    const found = pathErrors(result.error);
    setErrors(found);
    const unplaced = Object.keys(found).filter((k) => !fields.includes(k));
    setFormError(unplaced.length ? translateMessage(found[unplaced[0] as string]) : undefined);
    return null;
  }

  function showApiError(err: unknown) {
    if (!isApiError(err)) {
      setFormError(err instanceof Error ? err.message : String(err));
      return;
    }
    const { fields: found, form } = apiFieldErrors(err, fields);
    setErrors(found);
    setFormError(form);
  }

  const error = (field: string) => translateMessage(errors[field]);
  return { error, formError, check, showApiError };
}

/** "a, b\nc" → ['a', 'b', 'c'] */
export const splitList = (text: string) =>
  text
    .split(/[,\n،]/)
    .map((v) => v.trim())
    .filter(Boolean);
