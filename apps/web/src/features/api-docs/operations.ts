/**
 * The operations of the served OpenAPI document, as the /api-docs list shows them: grouped by tag,
 * found by a search over method, path, operationId and summary.
 */

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  type?: string;
}

export interface ApiOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  parameters: ApiParameter[];
  hasBody: boolean;
  responses: string[];
  deprecated: boolean;
}

export interface ApiTagGroup {
  tag: string;
  operations: ApiOperation[];
}

type RawSchema = { type?: string | string[]; $ref?: string; enum?: unknown[] };
type RawParameter = { name?: string; in?: string; required?: boolean; description?: string; schema?: RawSchema };
type RawOperation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: RawParameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  deprecated?: boolean;
};
export type OpenApiDocument = { paths?: Record<string, Record<string, RawOperation>>; info?: { title?: string; version?: string } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function typeOf(schema: RawSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return schema.$ref.split('/').pop();
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type;
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId ?? `${method} ${path}`,
        summary: op.summary ?? '',
        description: op.description,
        tag: op.tags?.[0] ?? 'other',
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name ?? '',
          in: p.in ?? '',
          required: Boolean(p.required),
          description: p.description,
          type: typeOf(p.schema),
        })),
        hasBody: Boolean(op.requestBody),
        responses: Object.keys(op.responses ?? {}).sort(),
        deprecated: Boolean(op.deprecated),
      });
    }
  }
  return out;
}

/** Operations whose method, path, operationId, summary or tag contain every word of the search. */
export function searchOperations(ops: ApiOperation[], search: string): ApiOperation[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return ops;
  return ops.filter((op) => {
    const text = `${op.method} ${op.path} ${op.operationId} ${op.summary} ${op.tag}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Grouped by tag: the public API first (what integrators came for), then the others by name. */
export function groupByTag(ops: ApiOperation[]): ApiTagGroup[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of ops) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  const isPublic = (tag: string) => /v\d/i.test(tag);
  return [...groups.entries()]
    .sort(([a], [b]) => Number(isPublic(b)) - Number(isPublic(a)) || a.localeCompare(b))
    .map(([tag, operations]) => ({ tag, operations }));
}

/** Only the public API's operations can be tried with an API key. */
export const isTryable = (op: ApiOperation) => op.path.startsWith('/api/v1/');

/** A path with its parameters filled in (each encoded); a missing one stays as `{name}`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => (values[name] ? encodeURIComponent(values[name]) : whole));
}

/** The Authorization header for a key pasted as `client_id:password` or `client_id.password`. */
export function authorizationFor(clientId: string, password: string): string {
  return `Basic ${btoa(`${clientId.trim()}:${password.trim()}`)}`;
}
