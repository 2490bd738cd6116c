// Routing table of the mock, compiled once at start-up from the operations openapi-backend reads
// out of the spec. It applies the same rules as openapi-backend's `OpenAPIRouter.matchOperation`
// (exact path first, then templates by specificity, trailing slashes ignored), but with the path
// patterns compiled once instead of on every request, and it also answers which methods a path
// has (for `Allow` and CORS preflights). tests/unit/mock/router.test.ts checks it agrees with
// openapi-backend's router on every path and method of the spec.
import { HTTP_METHODS } from '../../spec/operations.ts';
import { escapeRegExp } from '../../spec/regexp.ts';

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
  path: string;
  pattern: RegExp;
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

/** Removes trailing slashes (openapi-backend `ignoreTrailingSlashes`, its default). */
export function normalizePath(path: string): string {
  let p = path.trim();
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.startsWith('/') ? p : `/${p}`;
}

/** A compiled routing table. */
export class Router<T extends RoutableOperation> {
  private readonly routes: Route<T>[];

  /** @param operations the spec's operations (e.g. openapi-backend `getOperations()`) */
  constructor(operations: readonly T[]) {
    this.routes = operations
      .map((operation) => ({
        method: operation.method.toUpperCase(),
        path: operation.path,
        pattern: templatePattern(operation.path),
        specificity: operation.path.replace(/\{.*?\}/g, '').length,
        operation,
      }))
      // Most specific first; a stable sort keeps the document order among equals.
      .sort((a, b) => b.specificity - a.specificity);
  }

  /**
   * Finds the operation for a method and a path relative to the API root.
   * @param method HTTP method, any case
   * @param path request path without query, relative to the API root
   * @returns the operation, or `method_not_allowed` with the path's methods, or `not_found`
   */
  match(method: string, path: string): RouteMatch<T> {
    const m = method.toUpperCase();
    const p = normalizePath(path);
    for (const r of this.routes) {
      if (r.path === p && r.method === m) return { kind: 'operation', operation: r.operation };
    }
    let any = false;
    for (const r of this.routes) {
      if (!r.pattern.test(p)) continue;
      any = true;
      if (r.method === m) return { kind: 'operation', operation: r.operation };
    }
    return any ? { kind: 'method_not_allowed', allowed: this.methods(p) } : { kind: 'not_found' };
  }

  /**
   * The methods the spec defines for a path, in the order of a Path Item (GET, PUT, POST, DELETE, …;
   * spec/operations.ts `HTTP_METHODS`), then any other method
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
