/**
 * `call_mock`'s decisions: which request the mock gets for an operationId and the caller's
 * arguments, or which argument is wrong. Pure: data in, a request description or a refusal out.
 *
 * Safety (what an MCP client can reach): the request always goes to the mock's own mount
 * (`mockBase`), to the operation's path template with each path parameter percent-encoded (dots too,
 * so `..` cannot climb out of it); only the operation's declared query and header parameters are
 * sent, besides the credentials its security asks for (the session's sandbox token, never the
 * caller's: `Authorization`, an API key's header, query parameter or cookie) and `Content-Type`.
 * Operations with `x-hideTryItPanel: true` are refused, as try-it refuses them (site/reference/browser/guard.ts).
 */
import type { Credential } from '../reference/model/views.ts';
import type { CorpusOperation } from './corpus.ts';

/** A scalar or list value of a parameter. */
export type ParamValue = string | number | boolean | Array<string | number | boolean>;

export interface CallArguments {
  operationId: string;
  parameters?: Record<string, ParamValue>;
  body?: unknown;
}

/** The request for the mock (a plain description; the caller builds the Fetch `Request`). */
export interface MockCall {
  method: string;
  /** Path and query, starting with `mockBase`. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** Why a call is refused: the argument at fault, a stable code, a message naming both. */
export interface CallRefusal {
  argument: string;
  code:
    | 'unknown_operation'
    | 'try_it_disabled'
    | 'unknown_parameter'
    | 'missing_parameter'
    | 'bad_value'
    | 'no_body'
    | 'missing_body';
  message: string;
}

const HEADERS_WE_SET = new Set(['authorization', 'content-type', 'host', 'content-length', 'cookie']);

/** The credential of an operation without security: the sandbox token as a bearer token. */
const BEARER: Credential = { in: 'header', name: 'Authorization', prefix: 'Bearer ' };

function scalar(v: ParamValue): string {
  return Array.isArray(v) ? v.map(String).join(',') : String(v);
}

/** Percent-encodes a path segment, dots included (RFC 3986 §3.3: `.` and `..` segments are removed by resolution). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/\./g, '%2E');
}

/**
 * The mock request of a call.
 * @param op the operation (undefined when the operationId names none)
 * @param args the tool's arguments
 * @param ctx the mock's mount path and the session's sandbox token
 */
export function planMockCall(
  op: CorpusOperation | undefined,
  args: CallArguments,
  ctx: { mockBase: string; token: string; operationIds: readonly string[] },
): { ok: true; call: MockCall } | { ok: false; refusal: CallRefusal } {
  const refuse = (argument: string, code: CallRefusal['code'], message: string) =>
    ({ ok: false, refusal: { argument, code, message: `${argument}: ${message}` } }) as const;
  if (!op) {
    const near = ctx.operationIds.filter((id) => id.toLowerCase().includes(args.operationId.toLowerCase())).slice(0, 5);
    return refuse(
      'operationId',
      'unknown_operation',
      `no operation "${args.operationId}"${near.length ? `; did you mean ${near.join(', ')}?` : ''} (list_operations lists them)`,
    );
  }
  if (!op.tryIt) {
    return refuse(
      'operationId',
      'try_it_disabled',
      `${op.operationId} (${op.method} ${op.path}) cannot be called from the docs (x-hideTryItPanel); use its code samples against your own server`,
    );
  }
  const given = args.parameters ?? {};
  const byName = new Map(op.parameters.map((p) => [p.name, p]));
  for (const name of Object.keys(given)) {
    const p = byName.get(name);
    if (!p || p.in === 'cookie' || (p.in === 'header' && HEADERS_WE_SET.has(name.toLowerCase()))) {
      const allowed = op.parameters.filter((q) => q.in !== 'cookie').map((q) => q.name);
      return refuse(
        `parameters.${name}`,
        'unknown_parameter',
        `${op.operationId} has no parameter "${name}"${allowed.length ? ` (it takes ${allowed.join(', ')})` : ' (it takes none)'}`,
      );
    }
  }
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json' };
  // The session's sandbox token as every credential the operation's security asks for (the mock takes
  // any non-empty one), `Authorization: Bearer` when it asks for none (the sandbox's key all the same).
  const credentials = op.credentials.length > 0 ? op.credentials : [BEARER];
  const cookies: string[] = [];
  for (const c of credentials) {
    const value = `${c.prefix ?? ''}${c.prefix?.startsWith('Basic') ? btoa(`${ctx.token}:`) : ctx.token}`;
    if (c.in === 'header') headers[c.name.toLowerCase()] = value;
    else if (c.in === 'query') query.append(c.name, value);
    else cookies.push(`${c.name}=${encodeURIComponent(value)}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  for (const p of op.parameters) {
    const v = given[p.name];
    if (v === undefined || v === null) {
      if (p.required && p.in !== 'cookie')
        return refuse(`parameters.${p.name}`, 'missing_parameter', `required (${p.in} parameter of ${op.operationId})`);
      continue;
    }
    if (p.in === 'path') {
      if (Array.isArray(v))
        return refuse(`parameters.${p.name}`, 'bad_value', 'a path parameter takes one value, not a list');
      path = path.split(`{${p.name}}`).join(encodeSegment(String(v)));
    } else if (p.in === 'query') {
      query.append(p.name, scalar(v));
    } else if (p.in === 'header') {
      const text = scalar(v);
      if (/[\r\n]/.test(text))
        return refuse(`parameters.${p.name}`, 'bad_value', 'a header value cannot contain line breaks');
      headers[p.name.toLowerCase()] = text;
    }
  }
  let body: string | undefined;
  if (args.body !== undefined) {
    if (op.bodyTypes.length === 0)
      return refuse('body', 'no_body', `${op.operationId} (${op.method} ${op.path}) takes no request body`);
    const type = op.bodyTypes.find((t) => /json/i.test(t)) ?? op.bodyTypes[0] ?? 'application/json';
    headers['content-type'] = type;
    body = /json/i.test(type)
      ? JSON.stringify(args.body)
      : typeof args.body === 'string'
        ? args.body
        : JSON.stringify(args.body);
  } else if (op.bodyRequired) {
    return refuse('body', 'missing_body', `${op.operationId} needs a request body (${op.bodyTypes.join(', ')})`);
  }
  const q = query.toString();
  return { ok: true, call: { method: op.method, target: `${ctx.mockBase}${path}${q ? `?${q}` : ''}`, headers, body } };
}
