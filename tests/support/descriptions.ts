// Helpers for running the mock over the descriptions in tests/fixtures/descriptions (the
// integration test and bench/mock-any.ts): which fixtures load, the plain GETs of a description
// (no required query, header or cookie parameter, a declared 2xx), requests with path parameters
// and credentials filled from the description, and whether an answer's body is of the declared type.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedValue } from '../../descriptions/examples.ts';
import { type Description, deref, isObject, type JsonObject } from '../../descriptions/refs.ts';
import { securityPlan } from '../../site/mock/access/security.ts';
import { type MockOperation, mockOperations } from '../../site/mock/pipeline/operations.ts';
import { anchored, requestView, validatorAjv } from '../../site/mock/request/compile.ts';
import { isJsonMediaType } from '../../site/mock/request/media.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/descriptions/', import.meta.url));

/** Every description among the fixtures (a folder counts by its `openapi.yaml`/`.json`), the broken ones (`invalid/`) left out. */
export function fixtureDescriptions(): string[] {
  const out: string[] = [];
  for (const name of readdirSync(FIXTURES).sort()) {
    if (name === 'invalid') continue;
    const path = join(FIXTURES, name);
    if (statSync(path).isDirectory()) {
      const entry = ['openapi.yaml', 'openapi.json', 'index.yaml'].map((f) => join(path, f)).find(existsSync);
      if (entry) out.push(entry);
    } else if (/\.(ya?ml|json)$/.test(name)) out.push(path);
  }
  return out;
}

/** A value for a parameter: its example, else one generated from its schema. */
function parameterValue(doc: Description, p: JsonObject): string {
  let value: unknown = p.example;
  if (value === undefined && isObject(p.examples)) {
    const first = deref(doc, Object.values(p.examples)[0]);
    value = first?.dataValue ?? first?.value;
  }
  if (value === undefined) value = generatedValue(p.schema, doc, 'request');
  if (value === undefined || value === null || value === '') value = '1';
  return encodeURIComponent(typeof value === 'string' ? value : String(value));
}

/** The path of an operation with its path parameters filled from the description. */
export function filledPath(doc: Description, op: MockOperation): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return p ? parameterValue(doc, p) : '1';
  });
}

/** Headers and query parameters carrying a credential for the first alternative of an operation's security. */
export function credentials(doc: Description, op: MockOperation): { headers: Record<string, string>; query: string } {
  const plan = securityPlan(op.security ?? doc.security, doc);
  const headers: Record<string, string> = {};
  const query = new URLSearchParams();
  const cookies: string[] = [];
  for (const c of plan[0] ?? []) {
    if (c.via === 'authorization')
      headers.authorization = `${c.scheme[0]?.toUpperCase()}${c.scheme.slice(1)} dGVzdDp0ZXN0`;
    else if (c.via === 'header') headers[c.param.toLowerCase()] ??= 'test-key';
    else if (c.via === 'query') query.set(c.param, 'test-key');
    else if (c.via === 'cookie') cookies.push(`${c.param}=test-key`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const q = query.toString();
  return { headers, query: q ? `?${q}` : '' };
}

/** The successful responses an operation declares (`200`, `2XX`). */
function successKeys(op: MockOperation): string[] {
  return Object.keys(op.responses).filter((k) => /^2(\d\d|XX)$/i.test(k));
}

/**
 * The plain GETs of a description: no required query, header or cookie parameter or body (credentials
 * aside), a declared 2xx response.
 */
export function plainGets(doc: Description): MockOperation[] {
  return mockOperations(doc).filter(
    (op) =>
      op.method.toLowerCase() === 'get' &&
      successKeys(op).length > 0 &&
      deref(doc, op.requestBody)?.required !== true &&
      !op.parameters.some(
        (p) => p.required && (p.in === 'query' || p.in === 'header' || p.in === 'cookie' || p.in === 'querystring'),
      ),
  );
}

/** The operations with a JSON request body schema, and a valid body generated for each. */
export function jsonBodyOperations(doc: Description): { op: MockOperation; mediaType: string; body: unknown }[] {
  const out: { op: MockOperation; mediaType: string; body: unknown }[] = [];
  for (const op of mockOperations(doc)) {
    const content = isObject(op.requestBody?.content) ? op.requestBody.content : {};
    const entry = Object.entries(content).find(([type]) => isJsonMediaType(type));
    if (!entry) continue;
    const media = deref(doc, entry[1]);
    out.push({ op, mediaType: entry[0], body: generatedValue(media?.schema ?? {}, doc, 'request') });
  }
  return out;
}

/** One response-checking Ajv per description (registering a large description takes a while). */
const checkers = new WeakMap<Description, ReturnType<typeof validatorAjv>>();

/**
 * Problems with a 2xx answer of an operation: its status not declared, a Content-Type not
 * declared for it, a body not of that type (JSON that does not parse or fails its schema, JSON
 * Lines whose items fail `itemSchema`, an event stream without events).
 * @param options `schemas: false` checks the media type and the syntax only (a description's own
 *   examples often fail its schemas, and the mock answers examples first, as Prism does)
 * @returns problems; empty when the answer is what the description declares
 */
export function answerProblems(
  doc: Description,
  op: MockOperation,
  status: number,
  contentType: string | null,
  body: string,
  options: { schemas?: boolean } = {},
): string[] {
  const keys = Object.keys(op.responses);
  const key =
    keys.find((k) => k === String(status)) ??
    keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((k) => k === 'default');
  if (key === undefined) return [`status ${status} is not declared`];
  // 204, 205 and 304 carry no content (RFC 9110 sections 15.3.5, 15.3.6, 15.4.5), whatever is declared.
  if (status === 204 || status === 205 || status === 304) return body === '' ? [] : [`a ${status} with a body`];
  const response = deref(doc, op.responses[key]);
  const content = isObject(response?.content) ? response.content : {};
  const declared = Object.keys(content);
  if (declared.length === 0) return body === '' ? [] : [`undeclared body ${body.slice(0, 80)}`];
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const essence = (d: string) => d.split(';')[0]?.trim().toLowerCase() ?? '';
  const found = declared.find((d) => essence(d) === type) ?? declared.find((d) => d.includes('*'));
  if (!found) return [`Content-Type ${contentType} is not one of ${declared.join(', ')}`];
  const media = deref(doc, content[found]) ?? {};
  const check = (schema: unknown, value: unknown, what: string): string[] => {
    if (schema === undefined || options.schemas === false) return [];
    let ajv = checkers.get(doc);
    if (!ajv) {
      ajv = validatorAjv(requestView(doc, 'response'));
      checkers.set(doc, ajv);
    }
    let validate: ReturnType<typeof ajv.compile>;
    try {
      validate = ajv.compile(anchored(isObject(schema) || typeof schema === 'boolean' ? schema : {}) as object);
    } catch (err) {
      return [`${what}: its schema does not compile (${(err as Error).message})`];
    }
    return validate(value)
      ? []
      : [`${what}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${JSON.stringify(value).slice(0, 200)}`];
  };
  if (media.itemSchema !== undefined || /jsonl|ndjson|event-stream|json-seq/.test(type)) {
    if (type === 'text/event-stream') return /^data: /m.test(body) ? [] : ['no event in the stream'];
    const lines = body
      .split('\n')
      .map((l) => (l.startsWith('\u001e') ? l.slice(1) : l))
      .filter((l) => l.trim() !== '');
    if (lines.length === 0) return ['no item'];
    const problems: string[] = [];
    for (const line of lines) {
      try {
        problems.push(...check(media.itemSchema, JSON.parse(line), 'item'));
      } catch {
        problems.push(`item is not JSON: ${line.slice(0, 80)}`);
      }
    }
    return problems;
  }
  if (isJsonMediaType(type)) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`body is not JSON: ${body.slice(0, 80)}`];
    }
    return check(media.schema, value, 'body');
  }
  if (/xml$/.test(type)) return body.trimStart().startsWith('<') ? [] : [`body is not XML: ${body.slice(0, 80)}`];
  return [];
}
