/**
 * An example for every public API (v1) operation in the OpenAPI document: the request a developer
 * would send first (body, path and query values), so a generated client's docs and the Swagger UI
 * show something to copy. The values match the /api-docs screen's examples.
 */

type Example = {
  body?: Record<string, unknown>;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
};

export const PUBLIC_API_EXAMPLES: Record<string, Example> = {
  sendSms: {
    body: { to: '+966500000001', text: 'Your order #1042 has shipped. Track it: https://example.com/t/1042', reference: 'order-1042' },
  },
  sendEmail: {
    body: {
      to: 'sara@example.com',
      subject: 'Your receipt',
      html: '<p>Thank you for your order #1042.</p>',
      reference: 'receipt-1042',
    },
  },
  sendWhatsApp: { body: { to: '+966500000001', whatsapp_template_id: 12, params: ['Sara', '1042'], reference: 'wa-1042' } },
  getMessageStatus: { params: { id: 98231 } },
  getMessageByReference: { params: { reference: 'order-1042' } },
  listMessages: { query: { status: 'DELIVERED', channel: 'sms', from: '2026-12-01T00:00:00+03:00', limit: 100 } },
  upsertCustomer: {
    body: { first_name: 'Sara', last_name: 'Alharbi', mobile_number: '+966500000001', email: 'sara@example.com', language: 'ar' },
  },
  deleteCustomer: { params: { id: 5012 } },
  addGroupMembers: { params: { id: 7 }, body: { customer_ids: [5012, 5013] } },
  removeGroupMembers: { params: { id: 7 }, body: { customer_ids: [5013] } },
  getCampaignReport: { params: { id: 31 } },
};

type Parameter = { name?: string; in?: string; example?: unknown };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
};

/** Puts each v1 operation's example on its request body and parameters (the document's finishing pass). */
export function addPublicApiExamples(op: Operation) {
  const example = op.operationId ? PUBLIC_API_EXAMPLES[op.operationId] : undefined;
  if (!example) return;
  const json = op.requestBody?.content?.['application/json'];
  if (example.body && json) json.example = example.body;
  for (const p of op.parameters ?? []) {
    const values = p.in === 'path' ? example.params : p.in === 'query' ? example.query : undefined;
    if (p.name && values && p.name in values) p.example = values[p.name];
  }
}
