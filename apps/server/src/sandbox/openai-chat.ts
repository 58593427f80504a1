/**
 * The sandbox AI model: a real HTTP server on loopback speaking the OpenAI chat-completions
 * protocol — `GET /v1/models`, `POST /v1/chat/completions` whole or streamed (`chat.completion.chunk`
 * events, tool-call deltas, a usage chunk with `stream_options.include_usage`, `[DONE]`), Bearer
 * keys, and faults on demand (a queue of 429/5xx answers with Retry-After, a delay, or down:
 * connections dropped). Its answers come from openai-chat-policy.ts. Tests, the E2E run and
 * `npm run eval:ai -- --sandbox` start it; `npm start` does not (the built-in engine is the default).
 * Control from another process: `POST /__sim/control` {fail: [429, 503], delay_ms, down, chunk_delay_ms,
 * misbehave: 'numbers' | 'long' | 'variables' | 'language' | null}.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Misbehave, nextStep, type SimMessage } from './openai-chat-policy.ts';

export const SIM_MODEL = 'risala-sim-1';

export interface OpenAiSimOptions {
  port?: number;
  /** required Bearer key; null: any key (like Ollama) */
  apiKey?: string | null;
}

interface ChatBody {
  model?: string;
  messages?: SimMessage[];
  tools?: { type: string; function: { name: string; parameters?: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startOpenAiSimulator(opts: OpenAiSimOptions = {}) {
  const state = { fail: [] as number[], delayMs: 0, down: false, chunkDelayMs: 2, misbehave: null as Misbehave };
  /** every chat request the simulator received (what the product sent to "the model") */
  const requests: ChatBody[] = [];
  let cancelled = 0;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const apiError = (res: ServerResponse, status: number, message: string, type: string, headers: Record<string, string> = {}) =>
    json(res, status, { error: { message, type, param: null, code: null } }, headers);

  async function control(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as {
      fail?: number[];
      delay_ms?: number;
      down?: boolean;
      chunk_delay_ms?: number;
      misbehave?: Misbehave;
    };
    if (Array.isArray(body.fail)) state.fail = body.fail.map(Number);
    if (typeof body.delay_ms === 'number') state.delayMs = body.delay_ms;
    if (typeof body.down === 'boolean') state.down = body.down;
    if (typeof body.chunk_delay_ms === 'number') state.chunkDelayMs = body.chunk_delay_ms;
    if (body.misbehave !== undefined) state.misbehave = body.misbehave;
    json(res, 200, { ...state, requests: requests.length });
  }

  async function completions(req: IncomingMessage, res: ServerResponse) {
    let body: ChatBody;
    try {
      body = JSON.parse(await readBody(req)) as ChatBody;
    } catch {
      return apiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    }
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      return apiError(res, 400, "'model' and 'messages' are required properties.", 'invalid_request_error');
    }
    requests.push(body);
    const offered = body.tools ?? [];
    const step = nextStep(
      body.messages,
      new Set(offered.map((t) => t.function.name)),
      state.misbehave,
      new Map(offered.map((t) => [t.function.name, t.function.parameters])),
    );
    const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: tokens(JSON.stringify(body.messages)),
      completion_tokens: tokens(JSON.stringify(step)),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const toolCalls =
      step.kind === 'tools'
        ? step.calls.map((c, i) => ({
            index: i,
            id: `call_${randomBytes(6).toString('hex')}`,
            type: 'function' as const,
            function: { name: c.name, arguments: JSON.stringify(c.arguments) },
          }))
        : [];
    const finish = step.kind === 'tools' ? 'tool_calls' : 'stop';

    if (!body.stream) {
      const message =
        step.kind === 'tools'
          ? { role: 'assistant', content: null, tool_calls: toolCalls.map(({ index: _i, ...c }) => c) }
          : { role: 'assistant', content: step.text };
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message, finish_reason: finish }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' });
    if (step.kind === 'text') {
      // a few words per chunk, as models stream
      for (const piece of step.text.match(/\S+\s*/g) ?? [step.text]) {
        // the client went away (a cancelled writing): stop, as a model server does
        if (res.destroyed || res.writableEnded) {
          cancelled += 1;
          return;
        }
        chunk({ content: piece });
        await sleep(state.chunkDelayMs);
      }
    } else {
      for (const c of toolCalls) {
        // the name first, the arguments in two pieces: clients must put deltas together by index
        const half = Math.ceil(c.function.arguments.length / 2);
        chunk({ tool_calls: [{ index: c.index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] });
        chunk({ tool_calls: [{ index: c.index, function: { arguments: c.function.arguments.slice(0, half) } }] });
        chunk({ tool_calls: [{ index: c.index, function: { arguments: c.function.arguments.slice(half) } }] });
      }
    }
    chunk({}, finish);
    if (body.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (url.pathname === '/__sim/control' && req.method === 'POST') return control(req, res);
    if (state.down) {
      // the service is down: the connection drops without an answer
      req.socket.destroy();
      return;
    }
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return apiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
    }
    if (state.delayMs) await sleep(state.delayMs);
    const fault = url.pathname.startsWith('/v1/chat') ? state.fail.shift() : undefined;
    if (fault) {
      await readBody(req);
      if (fault === 429) return apiError(res, 429, 'Rate limit reached for requests.', 'requests', { 'retry-after-ms': '20' });
      return apiError(res, fault, 'The server had an error while processing your request.', 'server_error', { 'retry-after-ms': '20' });
    }
    if (url.pathname === '/v1/models' && req.method === 'GET') {
      return json(res, 200, {
        object: 'list',
        data: [{ id: SIM_MODEL, object: 'model', created: 1_700_000_000, owned_by: 'risala-sandbox' }],
      });
    }
    if (url.pathname === '/v1/chat/completions' && req.method === 'POST') return completions(req, res);
    if (url.pathname.startsWith('/v1/'))
      return apiError(res, 404, `Unknown request URL: ${req.method} ${url.pathname}.`, 'invalid_request_error');
    return json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    /** the base URL an OpenAI client is given (with /v1) */
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    /** answer the next chat requests with these HTTP statuses (429, 500, 502, 503…) */
    failNext(...statuses: number[]) {
      state.fail.push(...statuses);
    },
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    setDown(down: boolean) {
      state.down = down;
    },
    /** pause between streamed pieces (a slow model, to cancel in the middle) */
    setChunkDelay(ms: number) {
      state.chunkDelayMs = ms;
    },
    /** break a writing rule on purpose (null: behave) */
    setMisbehave(m: Misbehave) {
      state.misbehave = m;
    },
    /** requests whose answer was cut short because the client went away */
    get cancelled() {
      return cancelled;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OpenAiSimulator = Awaited<ReturnType<typeof startOpenAiSimulator>>;
