/**
 * The OpenAPI document as something to generate clients from: operationIds a person would name
 * (`listCustomers`, `getCampaign`, `exportCustomersCsv`), a tag per area, and only the components
 * some operation refers to. Runs once over the whole document (@fastify/swagger's transformObject),
 * after the zod transform has put the shared schemas under `components.schemas`.
 */
import { addPublicApiExamples } from './openapi-examples.ts';

type Operation = { operationId?: string; tags?: string[]; [key: string]: unknown };
type Doc = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * Names the rule below would get wrong, by `METHOD /path` as the document writes it. An operationId
 * set on the route itself always wins over both.
 */
export const OPERATION_ID_OVERRIDES: Record<string, string> = {
  'GET /health': 'getHealth',
  'GET /ready': 'getReadiness',
  'GET /metrics': 'getMetrics',
  'POST /api/auth/login': 'signIn',
  'POST /api/auth/logout': 'signOut',
  'POST /api/auth/register': 'signUp',
  'POST /api/auth/login-with-otp': 'signInWithOtp',
  'POST /api/auth/verify-login-otp': 'verifySignInOtp',
  'POST /api/password/reset-password': 'resetPasswordWithToken',
  'POST /api/admin/sign-out': 'signOutOperator',
  'GET /t/o/{id}/{sig}': 'trackEmailOpen',
  'GET /t/c/{id}/{sig}': 'trackEmailClick',
  'GET /t/u/{id}/{sig}': 'getUnsubscribePage',
  'POST /t/u/{id}/{sig}': 'unsubscribeByLink',
  'GET /s/{code}': 'followShortLink',
  'GET /api/content': 'listContent',
  'GET /api/templates/{userId}': 'listUserTemplates',
  'GET /api/templates/template/{id}': 'getTemplate',
  'GET /api/s3/files/{userId}': 'listUserFiles',
  'GET /api/s3/stats': 'getStorageStats',
  'POST /api/customers/bulk': 'runCustomersBulkAction',
  'GET /api/customers/export.csv': 'exportCustomersCsv',
  'POST /api/batches/{id}/gateway-approve': 'approveBatchAtGateway',
  'POST /api/batches/{id}/gateway-reject': 'rejectBatchAtGateway',
  // the portal's own sends and history: the public API's names (sendSms, listMessages…) are its own
  'POST /api/messages/sms': 'sendSmsMessage',
  'POST /api/messages/email': 'sendEmailMessage',
  'POST /api/messages/whatsapp': 'sendWhatsAppMessage',
  'POST /api/messages/sms/estimate': 'estimateSmsMessage',
  'POST /api/messages/email/estimate': 'estimateEmailMessage',
  'POST /api/messages/whatsapp/estimate': 'estimateWhatsAppMessage',
  'GET /api/messages': 'listMessageHistory',
  'GET /api/messages/inbound': 'listInboundMessages',
  'GET /api/messages/export.csv': 'exportMessageHistoryCsv',
  'GET /api/notifications/unread': 'listUnreadNotifications',
  'GET /api/notifications/count': 'countNotifications',
};

/**
 * The public API's operationIds (set on its routes, INTEG-DESIGN): never given to another
 * operation, whether or not the v1 routes are in this build.
 */
export const PUBLIC_API_OPERATION_IDS = [
  'sendSms',
  'sendEmail',
  'sendWhatsApp',
  'getMessageStatus',
  'getMessageByReference',
  'listMessages',
  'upsertCustomer',
  'deleteCustomer',
  'addGroupMembers',
  'removeGroupMembers',
  'getCampaignReport',
] as const;

/** First words of a last path segment that name an action on what precedes it (`/campaigns/{id}/send`). */
const ACTION_VERBS = new Set([
  'accept',
  'activate',
  'add',
  'apply',
  'approve',
  'archive',
  'assign',
  'cancel',
  'check',
  'clone',
  'complete',
  'confirm',
  'connect',
  'copy',
  'deactivate',
  'deploy',
  'disable',
  'disconnect',
  'download',
  'duplicate',
  'enable',
  'estimate',
  'export',
  'forgot',
  'generate',
  'import',
  'install',
  'invite',
  'launch',
  'login',
  'logout',
  'mark',
  'move',
  'parse',
  'pause',
  'preview',
  'publish',
  'refresh',
  'reactivate',
  'register',
  'reject',
  'remove',
  'rename',
  'reorder',
  'request',
  'reschedule',
  'resend',
  'reset',
  'restart',
  'restore',
  'resume',
  'retry',
  'revoke',
  'rotate',
  'schedule',
  'search',
  'send',
  'set',
  'start',
  'stop',
  'submit',
  'suggest',
  'suspend',
  'sync',
  'test',
  'toggle',
  'translate',
  'unarchive',
  'uninstall',
  'unsubscribe',
  'upload',
  'validate',
  'verify',
]);

const cap = (w: string) => (w ? w[0]?.toUpperCase() + w.slice(1) : w);
const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);

/** `campaigns` → `campaign`, `categories` → `category`, `statuses` → `status`; `status` stays. */
export function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|us)es$/i.test(word)) return word.slice(0, -2);
  if (/(ss|us|is|ics|sms|news)$/i.test(word)) return word;
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const isPlural = (word: string) => singular(word) !== word;

/**
 * A readable operationId from the method and the path. The path's static segments make the noun
 * (a segment followed by a parameter is one item: singular); the method or an action word makes
 * the verb:
 *   GET /api/customers → listCustomers      GET /api/customers/{id} → getCustomer
 *   POST /api/customers → createCustomer     PUT /api/customers/{id} → updateCustomer
 *   DELETE /api/customers/{id} → deleteCustomer   POST /api/campaigns/{id}/send → sendCampaign
 *   GET /api/campaigns/{id}/messages → listCampaignMessages   GET /api/dashboard/summary → getDashboardSummary
 */
export function readableOperationId(method: string, path: string): string {
  const override = OPERATION_ID_OVERRIDES[`${method.toUpperCase()} ${path}`];
  if (override) return override;
  const parts = path
    .replace(/^\/api\/(v\d+\/)?/, '/')
    .split('/')
    .filter(Boolean);
  const segs = parts.map((p) => ({ param: /^\{.*\}$|^:/.test(p), words: words(p.replace(/^:|[{}]/g, '')) }));
  // a static segment right before a parameter names one item of it
  const noun = (upTo: number) =>
    segs
      .slice(0, upTo)
      .flatMap((s, i) => {
        if (s.param) return [];
        const next = segs[i + 1];
        const ws = [...s.words];
        if (next?.param && ws.length) ws[ws.length - 1] = singular(ws[ws.length - 1] as string);
        return ws;
      })
      .map(cap)
      .join('');
  const m = method.toUpperCase();
  const last = segs[segs.length - 1];
  if (!last) return `${m.toLowerCase()}Root`;
  if (last.param) {
    const verb = { GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete', POST: 'create' }[m] ?? m.toLowerCase();
    return verb + noun(segs.length);
  }
  const [first = '', ...rest] = last.words;
  if (ACTION_VERBS.has(first.toLowerCase()) && segs.length > 1) {
    return first.toLowerCase() + noun(segs.length - 1) + rest.map(cap).join('');
  }
  if (ACTION_VERBS.has(first.toLowerCase()) && segs.length === 1 && rest.length) {
    return first.toLowerCase() + rest.map(cap).join('');
  }
  const lastWord = last.words[last.words.length - 1] ?? '';
  const whole = noun(segs.length);
  switch (m) {
    case 'GET':
      return (isPlural(lastWord) ? 'list' : 'get') + whole;
    case 'POST': {
      // POST /customers creates one customer
      const ws = [...last.words];
      if (ws.length) ws[ws.length - 1] = singular(ws[ws.length - 1] as string);
      return `create${noun(segs.length - 1)}${ws.map(cap).join('')}`;
    }
    case 'PUT':
    case 'PATCH':
      return `update${whole}`;
    case 'DELETE':
      return `delete${whole}`;
    default:
      return m.toLowerCase() + whole;
  }
}

/** The area an operation belongs to: its first path segment after /api (and /api/v1's own tag). */
export function areaTagOf(path: string): string {
  if (/^\/api\/v\d+\//.test(path)) return 'Public API v1';
  const first =
    path
      .replace(/^\/api\//, '/')
      .split('/')
      .filter(Boolean)[0] ?? 'system';
  if (['health', 'ready', 'metrics'].includes(first)) return 'System';
  return words(first).map(cap).join(' ');
}

/** The `#/components/schemas/X` names reachable from `value`. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectRefs(v, into);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      into.add(child.slice('#/components/schemas/'.length));
    } else collectRefs(child, into);
  }
}

/**
 * The finishing pass: a readable, unique operationId on every operation that has none of its own
 * (an explicit one is never replaced, and a derived name never takes one that is explicit
 * elsewhere), a tag per area, the tag list, and only the schemas some operation refers to.
 */
export function describeDocument<T extends object>(input: T): T {
  const doc = input as Doc;
  const ops: { method: string; path: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method)) ops.push({ method, path, op });
  }
  const taken = new Set<string>([
    ...PUBLIC_API_OPERATION_IDS,
    ...ops.map((o) => o.op.operationId).filter((id): id is string => Boolean(id)),
  ]);
  for (const o of ops) {
    if (o.op.operationId) continue;
    let id = readableOperationId(o.method, o.path);
    // two paths that read alike (rare): the second keeps its words and adds its parameters
    if (taken.has(id)) {
      const params = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => `By${cap(m[1] as string)}`).join('');
      id = `${id}${params}`;
      for (let n = 2; taken.has(id); n++) id = `${readableOperationId(o.method, o.path)}${params}${n}`;
    }
    taken.add(id);
    o.op.operationId = id;
  }
  for (const o of ops) addPublicApiExamples(o.op);
  const tags = new Set<string>();
  for (const o of ops) {
    if (!o.op.tags?.length) o.op.tags = [areaTagOf(o.path)];
    for (const t of o.op.tags) tags.add(t);
  }
  const known = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = [...tags].sort((a, b) => a.localeCompare(b)).map((name) => known.get(name) ?? { name });

  // only the components reachable from the paths (the zod registry lists input and output forms of each)
  const schemas = doc.components?.schemas;
  if (schemas) {
    const used = new Set<string>();
    collectRefs(doc.paths, used);
    const queue = [...used];
    while (queue.length) {
      const name = queue.pop() as string;
      const found = new Set<string>();
      collectRefs(schemas[name], found);
      for (const f of found) {
        if (used.has(f)) continue;
        used.add(f);
        queue.push(f);
      }
    }
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return input;
}
