import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_LANGUAGES, EXAMPLE_TASKS, exampleCode, PUBLIC_API, SAMPLE } from './examples.ts';
import { authorizationFor, fillPath, groupByTag, isTryable, type OpenApiDocument, operationsOf, searchOperations } from './operations.ts';

const doc: OpenApiDocument = {
  paths: {
    '/api/customers': {
      get: {
        operationId: 'listCustomers',
        summary: 'List customers',
        tags: ['customers'],
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': {}, '400': {} },
      },
      post: { operationId: 'createCustomer', summary: 'Add a customer', tags: ['customers'], requestBody: {}, responses: { '201': {} } },
    },
    '/api/v1/messages/{id}': {
      get: {
        operationId: 'getMessageStatus',
        summary: 'A message and its status',
        tags: ['Public API v1'],
        parameters: [{ name: 'id', in: 'path', required: true }],
        responses: { '200': {}, '404': {} },
      },
    },
    '/api/brands': { get: { operationId: 'listBrands', summary: 'List brands', tags: ['brands'], responses: { '200': {} } } },
  },
};

describe('the operations of the document', () => {
  const ops = operationsOf(doc);

  it('reads method, path, name, parameters, body and answers', () => {
    expect(ops.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'GET /api/customers listCustomers',
      'POST /api/customers createCustomer',
      'GET /api/v1/messages/{id} getMessageStatus',
      'GET /api/brands listBrands',
    ]);
    expect(ops[0]?.parameters).toEqual([{ name: 'page', in: 'query', required: false, description: undefined, type: 'integer' }]);
    expect(ops[1]?.hasBody).toBe(true);
    expect(ops[2]?.responses).toEqual(['200', '404']);
  });

  it('groups by tag, the public API first', () => {
    expect(groupByTag(ops).map((g) => [g.tag, g.operations.length])).toEqual([
      ['Public API v1', 1],
      ['brands', 1],
      ['customers', 2],
    ]);
  });

  it('finds operations by every word of the search, in any field', () => {
    expect(searchOperations(ops, 'customer').map((o) => o.operationId)).toEqual(['listCustomers', 'createCustomer']);
    expect(searchOperations(ops, 'post customers').map((o) => o.operationId)).toEqual(['createCustomer']);
    expect(searchOperations(ops, 'STATUS').map((o) => o.operationId)).toEqual(['getMessageStatus']);
    expect(searchOperations(ops, '  ')).toHaveLength(4);
    expect(searchOperations(ops, 'nothing-like-it')).toEqual([]);
  });

  it('tries only the public API, with the path filled and the key as Basic', () => {
    expect(ops.filter(isTryable).map((o) => o.operationId)).toEqual(['getMessageStatus']);
    expect(fillPath('/api/v1/messages/{id}', { id: '12/3' })).toBe('/api/v1/messages/12%2F3');
    expect(fillPath('/api/v1/messages/{id}', {})).toBe('/api/v1/messages/{id}');
    expect(authorizationFor(' rk_A ', 'p w')).toBe(`Basic ${btoa('rk_A:p w')}`);
  });
});

describe('the examples', () => {
  it('each language has each task, on this server, with the public paths', () => {
    for (const task of EXAMPLE_TASKS) {
      for (const lang of EXAMPLE_LANGUAGES) expect(exampleCode(task, lang, 'https://risala.test'), `${task} ${lang}`).not.toBe('');
    }
    for (const lang of EXAMPLE_LANGUAGES) {
      expect(exampleCode('sendSms', lang, 'https://risala.test')).toContain(`https://risala.test${PUBLIC_API.sendSms.path}`);
      expect(exampleCode('sendSms', lang, 'https://risala.test')).toContain('Idempotency-Key');
      expect(exampleCode('messageStatus', lang, 'https://risala.test')).toContain(`/api/v1/messages/${SAMPLE.messageId}`);
    }
  });

  it('the curl send is a command a shell runs as written', () => {
    const curl = exampleCode('sendSms', 'curl', 'https://risala.test');
    const body = curl.match(/-d '(.*)'$/m)?.[1] ?? '';
    expect(JSON.parse(body)).toEqual({ to: SAMPLE.to, text: SAMPLE.text, reference: SAMPLE.reference });
    expect(curl).toContain(`-u '${SAMPLE.clientId}:${SAMPLE.password}'`);
  });

  it("the Node signature check accepts Risala's signature and refuses a changed body or an old timestamp", () => {
    const code = exampleCode('verifyWebhook', 'node', '')
      .replace(/^import .*$/m, '')
      .replace('export function', 'function');
    const verify = new Function('createHmac', 'timingSafeEqual', `${code}\nreturn verifyRisalaSignature;`)(createHmac, timingSafeEqual) as (
      body: string,
      header: string,
      secret: string,
    ) => boolean;
    const secret = 'whsec_test';
    const body = '{"id":"d1","type":"message.status"}';
    const sign = (t: number, raw: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    expect(verify(body, sign(now, body), secret)).toBe(true);
    expect(verify(`${body} `, sign(now, body), secret)).toBe(false);
    expect(verify(body, sign(now - 301, body), secret)).toBe(false);
    expect(verify(body, sign(now, body), 'whsec_other')).toBe(false);
  });
});
