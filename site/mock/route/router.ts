// Routing table of the mock, compiled once at start-up from the operations openapi-backend reads
// out of the spec. It applies the same rules as openapi-backend's `OpenAPIRouter.matchOperation`
// (exact path first, then templates by specificity, trailing slashes ignored), but with the path
// patterns compiled once instead of on every request, and it also answers which methods a path
// has (for `Allow` and CORS preflights). tests/unit/mock/router.test.ts checks it agrees with
// openapi-backend's router on every path and method of the spec.
import { HTTP_METHODS } from '../../../descriptions/operations.ts';
import { escapeRegExp } from '../../../descriptions/regexp.ts';

/** What the router needs of an operation: its method (any case) and spec path. */
export interface RoutableOperation {
  method: string;
  path: string;
}

/** The outcome of matching a request path and method. */
export type RouteMatch<T> =
  | { kind: 'operation'; operation: T }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

interface Route<T> {
  method: string;
  /** The template's path part ({@link routeTemplate}). */
  path: string;
  pattern: RegExp;
  /** Literal `name=value` pairs of a query written into the template (`/?Action=List`): all must be present. */
  query: [string, string][];
  /** Length of the literal part of the template: more literal = more specific. */
  specificity: number;
  operation: T;
}

/** `/pets/{petId}` → `^/pets/[^/]+$` (as openapi-backend's `pathTemplateToPattern`). */
function templatePattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .replace(/\{[^}]+\}/g, '\0')
      .split('\0')
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
}

/**
 * The part of a path template a request path is matched against: without a query or fragment
 * written into it (`/fax/history?date_from={date_from}`, AWS's `/#X-Amz-Target=…`: real descriptions
 * do this, though OpenAPI path keys are paths only) and without trailing slashes (as a request path
 * is read, {@link normalizePath}).
 */
export function routeTemplate(template: string): string {
  const cut = template.search(/[?#]/);
  return normalizePath(cut >= 0 ? template.slice(0, cut) : template);
}

/**
 * The `name=value` pairs of the query written into a template, as written (`/search?q={query}&a=1`:
 * `[['q', '{query}'], ['a', '1']]`); a value in braces is a variable.
 */
export function templateQueryPairs(template: string): [string, string][] {
  const q = /\?([^#]*)/.exec(template)?.[1];
  if (!q) return [];
  const out: [string, string][] = [];
  for (const pair of q.split('&')) {
    const [name, value] = pair.split('=', 2);
    if (name && value !== undefined) out.push([name, value]);
  }
  return out;
}

/** Literal `name=value` pairs of the query written into a template: the ones without a variable. */
function templateQuery(template: string): [string, string][] {
  return templateQueryPairs(template).filter(([name, value]) => !value.includes('{') && !name.includes('{'));
}

/** Removes trailing slashes (openapi-backend `ignoreTrailingSlashes`, its default). */
export function normalizePath(path: string): string {
  let p = path.trim();
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.startsWith('/') ? p : `/${p}`;
}

/** Method syntax on purpose: a table of narrower operations is still a table of routable ones. */
interface Acceptor<T> {
  accepts(operation: T, path: string): boolean;
}

/** A compiled routing table. */
export class Router<T extends RoutableOperation> {
  private readonly routes: Route<T>[];
  private readonly acceptor: Acceptor<T> | undefined;

  /**
   * @param operations the spec's operations (e.g. openapi-backend `getOperations()`)
   * @param accepts whether an operation's path parameters can take the values of a request path;
   *   among templates equally specific (`/collection/{id}` with an integer `id` and
   *   `/collection/{slug}`), the first that accepts the path is taken, else the first
   */
  constructor(operations: readonly T[], accepts?: (operation: T, path: string) => boolean) {
    this.acceptor = accepts ? { accepts } : undefined;
    this.routes = operations
      .map((operation) => {
        const path = routeTemplate(operation.path);
        return {
          method: operation.method.toUpperCase(),
          path,
          pattern: templatePattern(path),
          query: templateQuery(operation.path),
          specificity: path.replace(/\{.*?\}/g, '').length,
          operation,
        };
      })
      // Most specific first, then the ones a literal query narrows; a stable sort keeps the
      // document order among equals.
      .sort((a, b) => b.specificity - a.specificity || b.query.length - a.query.length);
  }

  /**
   * Finds the operation for a method and a path relative to the API root.
   * @param method HTTP method, any case
   * @param path request path without query, relative to the API root
   * @param query the request's query: a template with a literal query (`/?Action=List`) matches only
   *   a request that carries it; without one, the first such template of the path and method is taken
   * @returns the operation, or `method_not_allowed` with the path's methods, or `not_found`
   */
  match(method: string, path: string, query?: URLSearchParams): RouteMatch<T> {
    const m = method.toUpperCase();
    const p = normalizePath(path);
    const fits = (r: Route<T>) => !query || r.query.every(([k, v]) => query.getAll(k).includes(v));
    for (const r of this.routes) {
      if (r.path === p && r.method === m && fits(r)) return { kind: 'operation', operation: r.operation };
    }
    let any = false;
    let loose: Route<T> | undefined;
    let first: Route<T> | undefined;
    for (const r of this.routes) {
      if (!r.pattern.test(p)) continue;
      any = true;
      if (r.method !== m) continue;
      if (!fits(r)) {
        loose ??= r;
        continue;
      }
      if (!first) {
        // Most requests stop at the first template; the parameters are looked at only when another
        // one, as specific, matches too.
        first = r;
        continue;
      }
      if (r.specificity < first.specificity || !this.acceptor) break;
      if (this.acceptor.accepts(first.operation, p)) break;
      if (this.acceptor.accepts(r.operation, p)) return { kind: 'operation', operation: r.operation };
    }
    if (first) return { kind: 'operation', operation: first.operation };
    if (loose) return { kind: 'operation', operation: loose.operation };
    return any ? { kind: 'method_not_allowed', allowed: this.methods(p) } : { kind: 'not_found' };
  }

  /**
   * The methods the spec defines for a path, in the order of a Path Item (GET, PUT, POST, DELETE, …;
   * descriptions/operations.ts `HTTP_METHODS`), then any other method
   * @param path request path relative to the API root
   * @returns upper-case methods; empty when no operation has this path
   */
  methods(path: string): string[] {
    const p = normalizePath(path);
    const found = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(p)) found.add(r.method);
    return METHOD_ORDER.filter((m) => found.has(m)).concat([...found].filter((m) => !METHOD_ORDER.includes(m)));
  }
}

const METHOD_ORDER: readonly string[] = HTTP_METHODS.map((m) => m.toUpperCase());
