import { registerSchema } from '@risala/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { apiFieldErrors, zodFieldErrors } from './forms.ts';
import type { ApiError } from './http.ts';

describe('zodFieldErrors', () => {
  it('gives the first validation key per field', () => {
    const result = registerSchema.safeParse({
      email: 'nope',
      password: 'short',
      confirm_password: 'other',
      first_name: '',
      last_name: 'S',
      phone_number: '0501234567',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = zodFieldErrors(result.error);
    expect(errors.email).toBe('validation.email');
    expect(errors.password).toBe('validation.password.length');
    expect(errors.first_name).toBe('validation.required');
    expect(errors.phone_number).toBe('validation.phone.countryCode');
  });
});

describe('apiFieldErrors', () => {
  const err = (errors: ApiError['errors'], message = 'Some fields are invalid.'): ApiError => ({
    isError: true,
    statusCode: 400,
    message,
    errors,
  });

  it('puts known fields beside their inputs and nothing above', () => {
    expect(apiFieldErrors(err([{ field: 'email', message: 'Taken' }]), ['email', 'password'])).toEqual({
      fields: { email: 'Taken' },
      form: undefined,
    });
  });

  it('unknown fields and plain messages go above the form', () => {
    expect(apiFieldErrors(err([{ field: 'x', message: 'X bad' }], 'Oops'), ['email'])).toEqual({
      fields: {},
      form: 'Oops X bad',
    });
    expect(apiFieldErrors(err([{ message: 'Invalid email or password' }], 'Invalid email or password'), ['email'])).toEqual({
      fields: {},
      form: 'Invalid email or password',
    });
  });
});
