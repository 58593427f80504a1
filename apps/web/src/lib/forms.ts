/**
 * A small form-state hook: values, zod validation with the shared schemas (messages are
 * `validation.*` keys, translated here), and server field errors (already translated by the server).
 */
import { type ChangeEvent, useCallback, useState } from 'react';
import type { z } from 'zod';
import { type ApiError, isApiError } from './http.ts';
import { translateMessage } from './i18n.ts';

type FieldMap<T> = Partial<Record<Extract<keyof T, string>, string>>;

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Splits a server error into messages for known fields and one for the whole form. */
export function apiFieldErrors(err: ApiError, fields: readonly string[]): { fields: Record<string, string>; form?: string } {
  const out: Record<string, string> = {};
  const rest: string[] = [];
  for (const entry of err.errors ?? []) {
    if (entry.field && fields.includes(entry.field)) {
      if (!(entry.field in out)) out[entry.field] = entry.message;
    } else if (entry.message && entry.message !== err.message) {
      rest.push(entry.message);
    }
  }
  const form = Object.keys(out).length > 0 && rest.length === 0 ? undefined : [err.message, ...rest].join(' ');
  return { fields: out, form };
}

export function useForm<T extends Record<string, string | boolean>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldMap<T>>({});
  const [formError, setFormError] = useState<string | undefined>();

  const setValue = useCallback(<K extends Extract<keyof T, string>>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  /** Props for a Mantine text-like input bound to a string field. */
  const inputProps = (name: Extract<keyof T, string>) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, event.currentTarget.value as T[typeof name]),
    error: translateMessage(errors[name]),
  });

  /** Parses `input` (default: the values) with a shared schema; sets field errors on failure. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      setFormError(undefined);
      return result.data;
    }
    const fieldErrors = zodFieldErrors(result.error);
    setErrors(fieldErrors as FieldMap<T>);
    setFormError(fieldErrors._form ? translateMessage(fieldErrors._form) : undefined);
    return null;
  }

  /** Shows a server error: field messages beside their inputs, the rest above the form. */
  function showApiError(err: unknown): void {
    if (!isApiError(err)) {
      setFormError(err instanceof Error ? err.message : String(err));
      return;
    }
    const { fields, form } = apiFieldErrors(err, Object.keys(values));
    setErrors(fields as FieldMap<T>);
    setFormError(form);
  }

  function reset(next: T = initial): void {
    setValues(next);
    setErrors({});
    setFormError(undefined);
  }

  return { values, setValues, setValue, inputProps, errors, setErrors, formError, setFormError, validate, showApiError, reset };
}
