/**
 * Responses are contracts. Every route of the API declares its success response
 * with a schema (from packages/shared), and the OpenAPI document describes every operation whole:
 * a summary, an operationId, its responses and errors, and the sign-in it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Schema = { response?: Record<string, unknown>; summary?: string; hide?: boolean };
const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');

describe('response contracts', () => {
  // a redirect's success is its 3xx (the Location header; no body)
  it('every route declares its success response', () => {
    const missing = t.app.routeList
      .filter((r) => methodsOf(r.method).length > 0)
      .filter((r) => !Object.keys((r.schema as Schema | undefined)?.response ?? {}).some((s) => /^[23]\d\d$|^2XX$/.test(s)))
      .map((r) => `${methodsOf(r.method).join(',')} ${r.url}`);
    expect(missing).toEqual([]);
  });

  // a path parameter is validated (and typed) by its schema, never parsed by hand in the handler
  // (a body is checked where a route reads one: actions like /deploy and multipart uploads have none)
  it('every route with path parameters declares them', () => {
    const missing = t.app.routeList
      .filter((r) => methodsOf(r.method).length > 0 && r.url.includes('/:'))
      .filter((r) => !(r.schema as { params?: unknown } | undefined)?.params)
      .map((r) => `${methodsOf(r.method).join(',')} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document gives each operation a summary, an operationId, responses, errors and its sign-in', async () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { summary?: string; operationId?: string; responses?: Record<string, unknown>; security?: unknown[] }>
      >;
    };
    const gaps: string[] = [];
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.summary) gaps.push(`${where}: no summary`);
        if (!op.operationId) gaps.push(`${where}: no operationId`);
        else if (ids.has(op.operationId)) gaps.push(`${where}: operationId ${op.operationId} twice`);
        else ids.add(op.operationId);
        if (!Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s))) gaps.push(`${where}: no success response`);
        if (!op.responses?.['400'] || !op.responses?.['500']) gaps.push(`${where}: no error envelope`);
        // public: sign-up and sign-in, accepting a team invitation, the catalogue, the sandbox inbox, signed links and webhooks (their own
        // signatures or tokens), health, readiness and metrics (METRICS_TOKEN when set)
        const signedIn =
          !/^\/(api\/(auth\/(register|login|login-with-otp|verify-otp|verify-login-otp|send-otp|resend-otp|forgot-password|reset-password|logout)|password|invitations\/(preview|accept)|subscription\/(health|plans)|sandbox|s3\/(download|public)|sender-management\/email\/(verify|webhook-events)|admin\/(send-otp|verify-otp))|health|ready|metrics|t\/|s\/|webhooks|uploads)/.test(
            path,
          );
        if (signedIn && !op.security?.length) gaps.push(`${where}: no security`);
      }
    }
    expect(gaps).toEqual([]);
  });
});
