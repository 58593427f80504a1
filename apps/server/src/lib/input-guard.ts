import type { FieldError } from '@risala/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text that PostgreSQL cannot store or that would be stored wrongly is refused at the boundary,
 * in one place for every route: a NUL (PostgreSQL refuses it: a 500, or an export stream cut in
 * the middle), bytes that are not UTF-8 and lone UTF-16 surrogates (both became U+FFFD). Query
 * strings and path parameters are checked on the raw URL, JSON bodies as bytes with a fatal
 * decoder and then string by string, multipart text fields and file names as they are read.
 */

export const BAD_TEXT = 'validation.badText';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const badText = (fields: string[]) =>
  new AppError('VALIDATION_ERROR', { errors: fields.map((field) => ({ field, message: BAD_TEXT }) satisfies FieldError) });

/** A string that can be stored as it is: no NUL, no lone surrogate. */
export const isStorableText = (s: string) => !s.includes('\0') && s.isWellFormed();

/** The bytes a URL component stands for (%XX decoded, other characters as the latin1 bytes Node gave us). */
function percentDecoded(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 /* % */ && i + 2 < s.length && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out[n++] = Number.parseInt(s.slice(i + 1, i + 3), 16);
      i += 2;
    } else {
      out[n++] = c & 0xff;
    }
  }
  return out.subarray(0, n);
}

/** Decoded UTF-8 text of a URL component without NUL, or null. */
function urlText(component: string): string | null {
  const bytes = percentDecoded(component);
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The query keys (or `params` for the path) whose text is not storable. */
export function badUrlFields(url: string): string[] {
  // fast path: plain ASCII without escapes cannot hold a NUL (the HTTP parser refuses a raw one)
  if (!/[%\u0080-\uffff]/.test(url)) return [];
  const q = url.indexOf('?');
  const fields: string[] = [];
  if (urlText(q < 0 ? url : url.slice(0, q)) === null) fields.push('params');
  if (q >= 0) {
    for (const pair of url.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      const key = urlText((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      const value = eq < 0 ? '' : urlText(pair.slice(eq + 1));
      if (key === null || value === null) fields.push(key || 'query');
    }
  }
  return [...new Set(fields)];
}

/**
 * Paths (`a.b.1`, as validation errors name fields) of the strings and keys in a parsed JSON value
 * that are not storable; walked with a stack, so a deeply nested body cannot overflow the call stack.
 */
export function badJsonFields(value: unknown, limit = 20): string[] {
  // each entry points at its parent, so the path is built only for a bad string (a copied path
  // per entry would make a deeply nested body quadratic)
  interface Node {
    value: unknown;
    key: string;
    parent: Node | null;
  }
  const pathOf = (n: Node | null): string => {
    const keys: string[] = [];
    for (let p = n; p?.parent; p = p.parent) keys.push(p.key);
    return keys.reverse().join('.') || 'body';
  };
  const found = new Set<string>();
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length && found.size < limit) {
    const node = stack.pop() as Node;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.add(pathOf(node));
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isStorableText(k)) found.add(pathOf(node));
        else stack.push({ value: child, key: k, parent: node });
      }
    }
  }
  return [...found];
}

interface MultipartPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  fields?: Record<string, unknown>;
}

/**
 * busboy decodes multipart text leniently, so bytes that were not UTF-8 arrive as U+FFFD: in a
 * field or a file name that character means the client sent broken text, and it is refused too.
 */
const isStorableMultipartText = (s: string) => isStorableText(s) && !s.includes('\ufffd');

function checkPart(part: MultipartPart | undefined | null) {
  if (!part) return;
  const bad: string[] = [];
  if (part.type === 'file' && part.filename !== undefined && !isStorableMultipartText(part.filename)) bad.push(part.fieldname);
  if (part.type === 'field' && typeof part.value === 'string' && !isStorableMultipartText(part.value)) bad.push(part.fieldname);
  if (bad.length) throw badText(bad);
}

/** Every way a route reads a multipart body (`parts()`, `file()`) checks each part as it is read. */
function guardMultipart(req: FastifyRequest) {
  const r = req as unknown as {
    parts: (o?: unknown) => AsyncIterableIterator<MultipartPart>;
    file: (o?: unknown) => Promise<MultipartPart | undefined>;
  };
  const parts = r.parts;
  const file = r.file;
  r.parts = async function* (opts?: unknown) {
    for await (const part of parts.call(req, opts)) {
      checkPart(part);
      yield part;
    }
  };
  r.file = async (opts?: unknown) => {
    const part = await file.call(req, opts);
    // the text fields sent before the file were read on the way to it
    for (const f of Object.values(part?.fields ?? {})) {
      for (const one of Array.isArray(f) ? f : [f]) if (one !== part) checkPart(one as MultipartPart);
    }
    checkPart(part);
    return part;
  };
}

/**
 * Installs the guard: the URL check and multipart wrapping on every request, and the JSON parser
 * (an empty body sent as JSON — PUT …/read, a bare POST — is no body rather than a 400; anything
 * else goes through Fastify's own parser and its prototype-poisoning guard).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const fields = badUrlFields(req.raw.url ?? '');
    if (fields.length) throw badText(fields);
    if (req.headers['content-type']?.toLowerCase().startsWith('multipart/')) guardMultipart(req);
  });

  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(badText(['body']), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    jsonParser(req, text, (err, value) => {
      if (err) return done(err, undefined);
      const fields = badJsonFields(value);
      return fields.length ? done(badText(fields), undefined) : done(null, value);
    });
  });
}

/**
 * Fastify's router answers a path whose percent-encoding is not UTF-8 itself (FST_ERR_BAD_URL);
 * this hands it to the central error handler as the same 400.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // the reply of a router error has no route context: call the app's own handler for the envelope
  const err = error.code === 'FST_ERR_BAD_URL' ? badText(['params']) : error;
  return req.server.errorHandler.call(req.server, err as FastifyError, req, reply);
}
