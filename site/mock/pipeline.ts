// The mock's request pipeline: what every stage shares. Each stage is `(ctx, next) =>
// Promise<Response>` (the shape of Hono's middleware): it answers, or adds to the context and calls
// `next()`, and may change the response on the way back. `compose` runs them in order; a MockError
// thrown by a stage becomes that stage's response, so an outer stage (the rate limit) sees error
// responses like any other. The stages themselves live in the folder of their step, in the order of
// site/mock/README.md ("The request pipeline"): route/, access/, request/, petstore/, answer/.

import type { Sandbox } from './access/sandboxes.ts';
import type { SecurityPlan } from './access/security.ts';
import { MockError } from './errors.ts';
import { jsonResponse } from './http.ts';
import type { Handler } from './petstore/handlers.ts';
import type { Store } from './petstore/store.ts';
import type { Param } from './request/params.ts';
import type { RequestValidator } from './request/validate.ts';
import type { MockOperation } from './route/operations.ts';

/** The reset endpoint below the mount path (not part of the API; see site/mock/README.md). */
export const RESET_PATH = '/_reset';

/** What routing needs of an operation: its method, path template and name. */
export interface RoutedOperation {
  method: string;
  path: string;
  operationId?: string;
}

/** Everything the pipeline needs about one operation, prepared at start-up. */
export interface PreparedOperation {
  operation: RoutedOperation;
  /**
   * The hand-written behaviour (the Petstore's handlers over its store); without one, the
   * operation answers from its description ({@link mockResponse}).
   */
  handler?: Handler;
  /** The operation as described, for answering and reading bodies when it has no handler. */
  described?: MockOperation;
  /**
   * The credentials an operation without a handler needs (access/security.ts); the hand-written ones
   * use {@link PreparedOperation.needsAuth} (a bearer token).
   */
  security?: SecurityPlan;
  params: Param[];
  needsAuth: boolean;
  hasBody: boolean;
  /** Property names of the request body schema that hold integers (range-checked on their JSON source). */
  intKeys: Set<string>;
  /**
   * Of those, the ones that are not `format: int64` identifiers (counts such as `quantity`): the
   * store does arithmetic on them, so they must be exact as JS numbers (at most 2^53 - 1).
   */
  countKeys: Set<string>;
  /** Query parameters that are comma-separated arrays (`style: form`, `explode: false`). */
  commaArrays: Set<string>;
  /** The path parameters of a request path matched to the template, percent-decoded (bath-es5 `params`). */
  pathParams: (path: string) => Record<string, string> | null;
  /** The operation's request validators (body, then parameters), compiled when first asked for. */
  validators: () => readonly RequestValidator[];
}

/** What the stages know about one request; each stage fills in its part. */
export interface Context {
  readonly request: Request;
  readonly url: URL;
  /** The method to route by (upper case); `HEAD` is routed as `GET` (see {@link headAsGet}). */
  method: string;
  /** The path below the mount path (set by {@link mountPath}). */
  path: string;
  /** `route`: an operation of the spec; `reset`: the reset endpoint. */
  target?: { kind: 'operation'; op: PreparedOperation } | { kind: 'reset' };
  /** The bearer token (set by {@link authenticate}; `''` on an operation without auth). */
  token?: string;
  sandbox?: Sandbox;
  store?: Store;
  /** Raw text of the path parameters (set by {@link rawParams}). */
  pathRaw?: Record<string, string>;
  /** The JSON body and its int64 fields above 2^53 (set by {@link readBody}). */
  body?: unknown;
  /** Whether {@link Context.body} is a JSON body to validate (operations without a handler). */
  bodyIsJson?: boolean;
  inexact?: ReadonlyMap<string, string>;
}

export type Next = () => Promise<Response>;
export type Stage = (ctx: Context, next: Next) => Promise<Response>;

/** A MockError as its `Error` response. */
export function errorResponse(err: MockError): Response {
  return jsonResponse(err.status, err.toBody(), err.headers);
}

/**
 * Runs stages in order. A MockError thrown inside a stage is answered as its `Error` response at
 * that point; anything else propagates (the core answers it 500). The last stage's `next()` is a
 * 500: a pipeline must end with a stage that answers.
 */
export function compose(stages: readonly Stage[]): (ctx: Context) => Promise<Response> {
  const run = async (i: number, ctx: Context): Promise<Response> => {
    const stage = stages[i];
    if (!stage) throw new Error('the pipeline ended without a response');
    try {
      return await stage(ctx, () => run(i + 1, ctx));
    } catch (err) {
      if (err instanceof MockError) return errorResponse(err);
      throw err;
    }
  };
  return (ctx) => run(0, ctx);
}

/** The routed operation of a request (after the route stage). */
export function operationOf(ctx: Context): PreparedOperation {
  if (ctx.target?.kind !== 'operation') throw new Error('stage needs a routed operation');
  return ctx.target.op;
}
