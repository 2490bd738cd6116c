/**
 * Validation of the domains config: YAML syntax, the JSON Schema (site/domains.schema.json, ajv), host-name
 * rules and the redirect rules (no chains, no loops, `to` an attached domain). Pure: takes the text and the schema, returns the config and
 * problems with `file:line:col` positions from the YAML source (yaml's LineCounter; 1-based).
 */
import type { ErrorObject } from 'ajv';
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument, visit } from 'yaml';
import { parsePointer } from '../../../descriptions/pointer.ts';
import { checkHost } from './hostname.ts';
import { compileSchema, type SchemaValidator } from './schema.ts';
import type { DomainsConfig, Redirect } from './types.ts';

/** One finding in the config. `severity: 'note'` does not make the file invalid (e.g. an IDN converted to A-labels). */
export interface Problem {
  file: string;
  /** 1-based line and column of the offending key or value. */
  line: number;
  col: number;
  /** Dotted path in the document, e.g. `domains.redirects[1].from`. */
  path: string;
  message: string;
  severity: 'error' | 'note';
}

/** The result of {@link validateConfig}: `config` is set only when there is no error. */
export interface ValidationResult {
  config?: DomainsConfig;
  problems: Problem[];
}

/** The redirect statuses a platform redirect may use (RFC 9110 §15.4): permanent 301/308, temporary 302/307. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

type Seg = string | number;

function fmtPath(path: readonly Seg[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s === '' ? p : `.${p}`;
  return s || '(document)';
}

/** Finds the node at `path` and, for map entries, its key node (so unknown keys point at the key). */
function locate(root: unknown, path: readonly Seg[]): { node?: Node; key?: Node } {
  let node = root as Node | undefined;
  let key: Node | undefined;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return { node, key };
      key = pair.key as Node;
      node = (pair.value ?? undefined) as Node | undefined;
      if (!node) return { node: key, key };
    } else if (isSeq(node) && typeof seg === 'number') {
      key = undefined;
      node = node.items[seg] as Node | undefined;
      if (!node) return {};
    } else return { node, key };
  }
  return { node, key };
}

function keyOf(root: unknown, path: readonly Seg[], prop: string): Node | undefined {
  const { node } = locate(root, path);
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === prop);
  return pair?.key as Node | undefined;
}

/** An ajv `instancePath` (a JSON Pointer, RFC 6901) as path segments, array indices as numbers. */
function decodePointer(pointer: string): Seg[] {
  return parsePointer(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function show(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
}

function schemaMessage(e: ErrorObject, data: unknown): string {
  const where = fmtPath(decodePointer(e.instancePath));
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${where}: missing required key "${p.missingProperty}"`;
    case 'additionalProperties':
      return `${where}: unknown key "${p.additionalProperty}"`;
    case 'type':
      return `${where}: must be ${p.type === 'integer' ? 'an integer' : `a${/^[aeiou]/.test(String(p.type)) ? 'n' : ''} ${p.type}`} (got ${show(data)})`;
    case 'enum':
      return `${where}: must be one of ${(p.allowedValues as unknown[]).join(', ')} (got ${show(data)})`;
    default:
      return `${where}: ${e.message ?? e.keyword}`;
  }
}

function valueAt(js: unknown, path: readonly Seg[]): unknown {
  let v: unknown = js;
  for (const s of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[s as string] : undefined;
  return v;
}

/**
 * A YAML error for people: the duplicated key by name with the line of its first occurrence, and several
 * documents without the library's API advice; other errors keep yaml's first line.
 */
function yamlMessage(code: string, offset: number, message: string, text: string, lc: LineCounter): string {
  if (code === 'MULTIPLE_DOCS')
    return 'the file holds more than one YAML document (a "---" line after content); keep a single document';
  if (code === 'DUPLICATE_KEY') {
    // Parse again without the uniqueness rule to find the key at `offset` and its first occurrence in that mapping.
    const loose = parseDocument(text, { uniqueKeys: false });
    let found: string | undefined;
    visit(loose, {
      Map(_, map) {
        for (const pair of map.items) {
          if (!isScalar(pair.key) || pair.key.range?.[0] !== offset) continue;
          const name = String(pair.key.value);
          const first = map.items.find((p) => isScalar(p.key) && String(p.key.value) === name);
          const line = first && isScalar(first.key) ? lc.linePos(first.key.range?.[0] ?? 0).line : undefined;
          found = `duplicate key "${name}"${line ? ` (first at line ${line})` : ''}: a key may appear only once in a mapping`;
          return visit.BREAK;
        }
        return undefined;
      },
    });
    if (found) return found;
  }
  return message.split('\n')[0] ?? message;
}

/**
 * Validates a domains config.
 * @param text the YAML source
 * @param file the path shown in problems (as the user gave it)
 * @param schema the JSON Schema object (site/domains.schema.json), or that schema already compiled
 * @returns the normalized config (hosts in A-labels, lower-case) when valid, and every problem found
 */
export function validateConfig(text: string, file: string, schema: object | SchemaValidator): ValidationResult {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  const problems: Problem[] = [];
  const at = (offset: number, path: readonly Seg[], message: string, severity: Problem['severity'] = 'error') => {
    const { line, col } = lc.linePos(offset);
    problems.push({ file, line, col, path: fmtPath(path), message, severity });
  };
  for (const err of doc.errors) at(err.pos[0], [], `YAML: ${yamlMessage(err.code, err.pos[0], err.message, text, lc)}`);
  if (problems.length > 0) return { problems };
  if (doc.contents === null) {
    at(0, [], 'the file is empty: expected a "domains:" mapping with platformHost, primary and redirects');
    return { problems };
  }
  const js = doc.toJS() as unknown;
  const startOf = (path: readonly Seg[], preferKey = false): number => {
    const { node, key } = locate(doc.contents, path);
    const n = preferKey && key ? key : (node ?? key);
    return n?.range?.[0] ?? 0;
  };

  const validate = typeof schema === 'function' ? (schema as SchemaValidator) : compileSchema(schema);
  if (!validate(js)) {
    const typeErrors = new Set((validate.errors ?? []).filter((e) => e.keyword === 'type').map((e) => e.instancePath));
    for (const e of validate.errors ?? []) {
      const path = decodePointer(e.instancePath);
      // A value of the wrong type also fails `enum`; one message is enough.
      if (e.keyword === 'enum' && typeErrors.has(e.instancePath)) continue;
      // Host strings get the precise host-name messages below instead of the schema's pattern/length.
      if (['pattern', 'minLength', 'maxLength'].includes(e.keyword)) continue;
      const p = e.params as Record<string, unknown>;
      let offset = startOf(path);
      if (e.keyword === 'additionalProperties')
        offset = keyOf(doc.contents, path, String(p.additionalProperty))?.range?.[0] ?? offset;
      else if (e.keyword === 'required') offset = startOf(path, true);
      at(
        offset,
        e.keyword === 'additionalProperties' ? [...path, String(p.additionalProperty)] : path,
        schemaMessage(e, valueAt(js, path)),
      );
    }
  }

  // Host names, wherever a string sits in a host field.
  const d = (js && typeof js === 'object' ? (js as Record<string, unknown>).domains : undefined) as
    | Record<string, unknown>
    | undefined;
  const hosts = new Map<string, string>();
  const host = (path: Seg[], label: string): string | undefined => {
    const v = valueAt(js, path);
    if (typeof v !== 'string') return undefined;
    const r = checkHost(v);
    if ('problem' in r) {
      at(startOf(path), path, `${label} "${v}" ${r.problem}`);
      return undefined;
    }
    if (r.converted) at(startOf(path), path, `${label} "${v}" is used as its A-label form "${r.host}"`, 'note');
    hosts.set(fmtPath(path), r.host);
    return r.host;
  };
  const platformHost = host(['domains', 'platformHost'], 'platformHost');
  const primary = host(['domains', 'primary'], 'primary');
  const rawRedirects = Array.isArray(d?.redirects) ? (d.redirects as unknown[]) : [];
  const redirects: { from?: string; to?: string; status: unknown; i: number }[] = rawRedirects.map((_, i) => ({
    from: host(['domains', 'redirects', i, 'from'], 'from'),
    to: host(['domains', 'redirects', i, 'to'], 'to'),
    status: valueAt(js, ['domains', 'redirects', i, 'status']),
    i,
  }));

  // Relations between the hosts.
  if (platformHost && primary && platformHost === primary) {
    at(
      startOf(['domains', 'platformHost']),
      ['domains', 'platformHost'],
      'platformHost is the primary domain itself: use the host the dashboard shows as the CNAME value',
    );
  }
  const firstFrom = new Map<string, number>();
  for (const r of redirects) {
    if (!r.from) continue;
    const path = ['domains', 'redirects', r.i, 'from'];
    const prev = firstFrom.get(r.from);
    if (prev !== undefined) {
      const { line } = lc.linePos(startOf(['domains', 'redirects', prev, 'from']));
      at(
        startOf(path),
        path,
        `from "${r.from}" is listed twice (first at line ${line}); each attached domain redirects once`,
      );
    } else firstFrom.set(r.from, r.i);
    if (primary && r.from === primary)
      at(startOf(path), path, `from "${r.from}" is the primary domain; the primary cannot redirect`);
    if (platformHost && r.from === platformHost)
      at(startOf(path), path, `from "${r.from}" is the platform host, not one of your domains`);
  }
  for (const r of redirects) {
    // A redirect whose from is the primary is already reported; its `to` says nothing more.
    if (!r.to || !r.from || r.from === primary) continue;
    const path = ['domains', 'redirects', r.i, 'to'];
    if (r.to === primary && r.to !== r.from) continue;
    if (r.to === r.from) {
      at(
        startOf(path),
        path,
        `to "${r.to}" redirects the domain to itself (a loop); point it at the primary "${primary ?? '?'}"`,
      );
    } else if (firstFrom.has(r.to)) {
      // Follow the chain to tell a chain from a loop.
      const seen = [r.from, r.to];
      let cur = r.to;
      let loop = false;
      for (;;) {
        // The chain ends at the primary: a redirect listed for the primary itself is its own error, not a loop.
        if (cur === primary) break;
        const next = redirects.find((x) => x.from === cur)?.to;
        if (!next) break;
        if (seen.includes(next)) {
          loop = true;
          seen.push(next);
          break;
        }
        seen.push(next);
        cur = next;
      }
      at(
        startOf(path),
        path,
        loop
          ? `to "${r.to}" makes a redirect loop (${seen.join(' → ')}); point it at the primary "${primary ?? '?'}"`
          : `to "${r.to}" is itself redirected (a chain: ${seen.join(' → ')}); point it at the final domain "${seen[seen.length - 1]}" directly`,
      );
    } else if (primary && r.to !== primary) {
      at(
        startOf(path),
        path,
        `to "${r.to}" is not an attached domain: use the primary "${primary}" (or attach "${r.to}" first)`,
      );
    }
  }

  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  if (problems.some((p) => p.severity === 'error') || !platformHost || !primary) return { problems };
  return {
    config: {
      platformHost,
      primary,
      redirects: redirects.map((r) => ({
        from: r.from as string,
        to: r.to as string,
        status: r.status as Redirect['status'],
      })),
    },
    problems,
  };
}
