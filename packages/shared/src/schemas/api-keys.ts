import { z } from 'zod';
import { envelopeOf, nameSchema } from './common.ts';

/**
 * API keys (/api-keys): credentials for an account's machines (a shop's backend, an SMPP client,
 * a webhook relay). A key is a public `client_id` and a password shown once; it authenticates as
 * the account with exactly its scopes, on the public API (/api/v1) only.
 */
export const API_KEY_SCOPES = ['sms:send', 'email:send', 'whatsapp:send', 'messages:read', 'customers:write', 'reports:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_TYPES = ['rest', 'smpp', 'webhook'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/** How many keys an account may hold active at once. */
export const MAX_ACTIVE_API_KEYS = 25;
/** Requests per second a key may make unless its creator chose otherwise. */
export const DEFAULT_KEY_RATE = 50;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})?$/i;

/** An address or a CIDR block (IPv4 or IPv6): "203.0.113.7", "203.0.113.0/24", "2001:db8::/32". */
export function isCidr(value: string): boolean {
  const [addr, bits, extra] = value.split('/');
  if (extra !== undefined || !addr) return false;
  const v4 = IPV4.test(addr);
  const v6 = !v4 && IPV6.test(addr) && addr.includes(':') && (addr.match(/::/g) ?? []).length <= 1;
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}

export const createApiKeySchema = z.object({
  name: nameSchema(100),
  integration_type: z.enum(API_KEY_TYPES, { error: 'apiKeys.validation.type' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'apiKeys.validation.scope' }))
    .min(1, { error: 'apiKeys.validation.scopes' })
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** addresses or CIDR blocks the key may be used from; empty: anywhere */
  ip_allow_list: z
    .array(
      z
        .string()
        .trim()
        .refine((v) => isCidr(v), { error: 'apiKeys.validation.cidr' }),
    )
    .max(50)
    .default([]),
  /** when the key stops working; none: until revoked */
  expires_at: z
    .string()
    .datetime({ offset: true, error: 'validation.dateTime' })
    .refine((v) => new Date(v).getTime() > Date.now(), { error: 'apiKeys.validation.expiresPast' })
    .optional()
    .nullable(),
  rate_per_second: z.coerce.number().int().min(1, { error: 'validation.min' }).max(1000, { error: 'validation.max' }).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const rotateApiKeySchema = z.object({
  /** how long the previous password keeps working (0: at once); at most a week */
  grace_hours: z.coerce.number().int().min(0, { error: 'validation.min' }).max(168, { error: 'validation.max' }).default(24),
});
export type RotateApiKeyInput = z.infer<typeof rotateApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  integration_type: z.enum(API_KEY_TYPES),
  client_id: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  ip_allow_list: z.array(z.string()),
  rate_per_second: z.number().int(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** the previous password works until then (after a rotation) */
  previous_expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  status: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of create and rotate: the key and its password, which is never shown again. */
export const apiKeySecretSchema = z.object({
  key: apiKeySchema,
  client_id: z.string(),
  password: z.string(),
});
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>;

export const apiKeyListEnvelopeSchema = envelopeOf(z.object({ keys: z.array(apiKeySchema) }));
export const apiKeyEnvelopeSchema = envelopeOf(apiKeySchema);
export const apiKeySecretEnvelopeSchema = envelopeOf(apiKeySecretSchema);
