/**
 * Every outbound HTTP call in the server is one of a known list: a URL a tenant chose goes through
 * the guarded client (safe-fetch.ts) or the guard's checked lookup; the rest call addresses the
 * operator configured. A new `fetch(`, node:http(s), undici or `new OpenAI(` elsewhere
 * fails here until it is added below with the reason it is safe — a link check or image fetch
 * written with the global fetch cannot slip in unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

const KNOWN: Record<string, string> = {
  'lib/safe-fetch.ts': 'the guarded client itself',
  'modules/ai/providers/openai-compatible.ts':
    "given safeFetch for an account's own server (settings.service.ts); the instance's AI_BASE_URL otherwise",
  'channels/sms/http-gateway.ts':
    "a tenant's gateway: post_url checked, the socket through checkedLookup, the proxy at its checked address",
  'channels/whatsapp/cloud-api.ts': 'the operator’s WHATSAPP_API_BASE',
  'channels/email/sendgrid.ts': 'the operator’s SENDGRID_API_BASE',
  'modules/webhooks/deliver.ts':
    "a tenant's endpoint: checked when saved, and every connection through safe-fetch's guarded agent, no redirects",
  'modules/messaging/whatsapp-send.service.ts': "the sandbox Cloud API simulator's loopback address, set by main.ts",
};

/** a fetch, or the modules one makes requests with */
const CALL = /\bfetch\(|from 'node:https?'|from 'undici'|new OpenAI\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'sandbox' ? [] : sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('outbound HTTP callers', () => {
  it('are all known, and each known one still exists', () => {
    const callers = sources(SRC)
      .filter((f) => CALL.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .sort();
    expect(callers).toEqual(Object.keys(KNOWN).sort());
  });
});
