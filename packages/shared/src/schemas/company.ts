import { z } from 'zod';
import { asciiDigits, emailSchema, envelopeOf, phoneSchema, requiredString } from './common.ts';

/**
 * The company profile (/company, GET/PUT /api/account/company; the catalogue's "customer"): the
 * account's legal name and address, registration numbers, support address and up to three contact
 * persons — what invoices will carry.
 */

export const MAX_CONTACT_PERSONS = 3;

/** A Saudi VAT (ZATCA) registration number: 15 digits, the first and the last a 3. */
export const isSaudiVatNumber = (value: string) => /^3\d{13}3$/.test(value);

/** Blank → null; otherwise trimmed and bounded. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

/** Digits only (Arabic-Indic digits read as ASCII, spaces dropped); blank → null. */
const optionalDigits = (max: number, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? asciiDigits(v).replace(/\s+/g, '') : null))
    .refine((v) => v === null || new RegExp(`^\\d{1,${max}}$`).test(v), { error: message });

export const contactPersonSchema = z.object({
  name: requiredString(100),
  email: z
    .union([z.literal('').transform(() => null), emailSchema])
    .nullish()
    .transform((v) => v ?? null),
  phone: z
    .union([z.literal('').transform(() => null), phoneSchema])
    .nullish()
    .transform((v) => v ?? null),
});
export type ContactPerson = z.output<typeof contactPersonSchema>;

export const companyInputSchema = z
  .object({
    customer_name: requiredString(200),
    customer_short_name: optionalText(50),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^[A-Z]{2}$/.test(v), { error: 'validation.required' }),
    city: optionalText(100),
    street: optionalText(200),
    cr_number: optionalDigits(20, 'validation.company.digits'),
    vat_number: optionalDigits(20, 'validation.company.digits'),
    support_email: z
      .union([z.literal('').transform(() => null), emailSchema])
      .nullish()
      .transform((v) => v ?? null),
    contact_persons: z.array(contactPersonSchema).max(MAX_CONTACT_PERSONS, { error: 'validation.company.contactsMax' }).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'SA' && v.vat_number !== null && !isSaudiVatNumber(v.vat_number)) {
      ctx.addIssue({ code: 'custom', path: ['vat_number'], message: 'validation.company.vatSa' });
    }
  });
export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyChange = z.output<typeof companyInputSchema>;

export const companySchema = z.object({
  customer_name: z.string(),
  customer_short_name: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  cr_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  support_email: z.string().nullable(),
  contact_persons: z.array(z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
});
export type Company = z.infer<typeof companySchema>;
export const companyEnvelopeSchema = envelopeOf(companySchema);
