import { z } from 'zod';
import { nameSchema, optionalString, pageQuerySchema, requiredString } from './common.ts';
import { guessSenderType, hostSchema, portSchema, senderIdError } from './senders.ts';

/**
 * Gateway connections (§3): SMPP client connections and HTTP gateways. §5: host a valid name or
 * IP, port 1–65535, numeric settings are numbers with a maximum of 9999, URLs valid http(s).
 * Passwords are write-only: empty or absent on update keeps the stored one.
 */
export const CONNECTION_TYPES = ['smpp', 'http'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export const CONNECTION_STATES = ['CREATED', 'CONNECTING', 'CONNECTED', 'DISCONNECTED', 'STOPPED'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
export const BIND_MODES = ['transceiver', 'transmitter', 'receiver'] as const;
export type BindModeValue = (typeof BIND_MODES)[number];

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A §5 number: numeric, whole, within [min, max] (max defaults to the spec's 9999). */
export const settingNumber = (min: number, max = 9999) =>
  z.coerce
    .number({ error: 'validation.number' })
    .refine(Number.isFinite, { error: 'validation.number' })
    .pipe(
      z
        .number()
        .int({ error: 'validation.integer' })
        .min(min, { error: min === 1 ? 'validation.positive' : 'validation.nonNegative' })
        .max(max, { error: max === 9999 ? 'validation.maxValue' : 'validation.max' }),
    );

const urlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(2000, { error: 'validation.tooLong' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { error: 'validation.url' },
  );

const senderIdField = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(15, { error: 'validation.senderId' })
    .refine((v) => senderIdError(v, guessSenderType(v)) === null, { error: 'validation.senderId' })
    .nullable()
    .optional(),
);
const secret = (max = 128) => z.preprocess(blankToNull, z.string().max(max, { error: 'validation.tooLong' }).nullable().optional());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

const common = {
  connection_name: nameSchema(100),
  sender_id: senderIdField,
  message_per_second: settingNumber(1).default(100),
  arabic_sms_length: settingNumber(1, 70).default(70),
  english_sms_length: settingNumber(1, 160).default(160),
};

const smppFields = {
  ...common,
  type: z.literal('smpp'),
  host: hostSchema,
  port: portSchema,
  system_id: requiredString(16),
  password: requiredString(64),
  system_type: optionalString(13),
  bind_mode: z.enum(BIND_MODES, { error: 'validation.invalid' }).default('transceiver'),
  source_ton: settingNumber(0, 6).default(5),
  source_npi: settingNumber(0, 18).default(0),
  dest_ton: settingNumber(0, 6).default(1),
  dest_npi: settingNumber(0, 18).default(1),
  address_range: optionalString(41),
  bind_timeout_s: settingNumber(1).default(30),
  response_timeout_s: settingNumber(1).default(30),
  reconnect_delay_s: settingNumber(1).default(10),
  retry_count: settingNumber(0).default(3),
  enquire_link_interval_s: settingNumber(0).default(30),
  window_size: settingNumber(1).default(10),
};

const httpFields = {
  ...common,
  type: z.literal('http'),
  post_url: urlSchema,
  listen_url: optional(urlSchema),
  http_username: optionalString(100),
  http_password: secret(),
  proxy_host: optional(hostSchema),
  proxy_port: optional(portSchema),
  proxy_username: optionalString(100),
  proxy_password: secret(),
};

export const createConnectionSchema = z.discriminatedUnion('type', [z.object(smppFields), z.object(httpFields)]);
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;

/** Update: the same fields, all optional; the type cannot change. */
export const updateConnectionSchema = z.discriminatedUnion('type', [
  z
    .object(smppFields)
    .partial()
    .extend({ password: secret(64) })
    .required({ type: true }),
  z.object(httpFields).partial().required({ type: true }),
]);
export type UpdateConnectionInput = z.infer<typeof updateConnectionSchema>;

export const connectionListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  type: z.enum(CONNECTION_TYPES, { error: 'validation.invalid' }).optional(),
  status: z.enum(CONNECTION_STATES, { error: 'validation.invalid' }).optional(),
  sort: z.enum(['connection_name', 'created_at', 'status', 'type'], { error: 'validation.invalid' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('desc'),
});
export type ConnectionListQuery = z.infer<typeof connectionListQuerySchema>;

/** A connection as the API returns it: secrets are replaced by has_* flags. */
export interface Connection {
  id: number;
  connection_name: string;
  type: ConnectionType;
  status: ConnectionState;
  desired_state: 'started' | 'stopped';
  is_sandbox: boolean;
  host: string | null;
  port: number | null;
  system_id: string | null;
  has_password: boolean;
  system_type: string | null;
  bind_mode: BindModeValue;
  source_ton: number;
  source_npi: number;
  dest_ton: number;
  dest_npi: number;
  address_range: string | null;
  bind_timeout_s: number;
  response_timeout_s: number;
  reconnect_delay_s: number;
  retry_count: number;
  enquire_link_interval_s: number;
  window_size: number;
  message_per_second: number;
  arabic_sms_length: number;
  english_sms_length: number;
  sender_id: string | null;
  post_url: string | null;
  listen_url: string | null;
  http_username: string | null;
  has_http_password: boolean;
  proxy_host: string | null;
  proxy_port: number | null;
  proxy_username: string | null;
  has_proxy_password: boolean;
  last_error: string | null;
  connected_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConnectionStatus {
  id: number;
  status: ConnectionState;
  desired_state: 'started' | 'stopped';
  last_error: string | null;
  connected_at: string | null;
  /** live figures from the session when this process holds it */
  live: { pending: number; submitted: number; throttled: number; receipts: number } | null;
}
