import { customerInputSchema } from '@risala/shared/schemas/customers';
import { memberIdsSchema } from '@risala/shared/schemas/groups';
import {
  v1MessageIdParamSchema,
  v1MessageListQuerySchema,
  v1ReferenceParamSchema,
  v1SendEmailSchema,
  v1SendSmsSchema,
  v1SendWhatsappSchema,
} from '@risala/shared/schemas/public-api';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PUBLIC_API_OPERATION_IDS } from './openapi.ts';
import { PUBLIC_API_EXAMPLES } from './openapi-examples.ts';

/** The schemas each v1 route validates with (v1.routes.ts): an example it would refuse teaches nothing. */
const SCHEMAS: Record<string, { body?: z.ZodType; params?: z.ZodType; query?: z.ZodType }> = {
  sendSms: { body: v1SendSmsSchema },
  sendEmail: { body: v1SendEmailSchema },
  sendWhatsApp: { body: v1SendWhatsappSchema },
  getMessageStatus: { params: v1MessageIdParamSchema },
  getMessageByReference: { params: v1ReferenceParamSchema },
  listMessages: { query: v1MessageListQuerySchema },
  upsertCustomer: { body: customerInputSchema },
  deleteCustomer: { params: v1MessageIdParamSchema },
  addGroupMembers: { params: v1MessageIdParamSchema, body: memberIdsSchema },
  removeGroupMembers: { params: v1MessageIdParamSchema, body: memberIdsSchema },
  getCampaignReport: { params: v1MessageIdParamSchema },
};

describe('the public API examples in the OpenAPI document', () => {
  it('cover every v1 operation', () => {
    expect(Object.keys(PUBLIC_API_EXAMPLES).sort()).toEqual([...PUBLIC_API_OPERATION_IDS].sort());
  });

  it.each(Object.entries(PUBLIC_API_EXAMPLES))('%s: the route would accept its example', (operationId, example) => {
    const schemas = SCHEMAS[operationId];
    expect(schemas).toBeDefined();
    for (const part of ['body', 'params', 'query'] as const) {
      const schema = schemas?.[part];
      expect(Boolean(example[part]), `${operationId} ${part}`).toBe(Boolean(schema));
      if (!schema) continue;
      const parsed = schema.safeParse(example[part]);
      expect(parsed.success, `${operationId} ${part}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
