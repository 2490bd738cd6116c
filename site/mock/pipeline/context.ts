// The mock's request pipeline: what every stage shares. Each stage is `(ctx, next) =>
// Promise<Response>` (the shape of Hono's middleware): it answers, or adds to the context and calls
// `next()`, and may change the response on the way back. `compose` runs them in order; a MockError
// thrown by a stage becomes that stage's response, so an outer stage (the rate limit) sees error
// responses like any other. The stages themselves live in the folder of their step, in the order of
// site/mock/README.md ("The request pipeline"): route/, access/, request/, answer/; each step's part
// of the context is typed here, so the steps import this folder and never each other upward.

import type { ErrorObject } from 'ajv';
import { MockError } from './errors.ts';
import { CORS_HEADERS } from './http.ts';
import type { MockOperation, Param } from './operations.ts';
import { type RefusalAnswer, refusalAnswer } from './refusal.ts';

/** The reset endpoint below the mount path (not part of the API; see site/mock/README.md). */
export const RESET_PATH = '/_reset';

/** A compiled request validator of one operation (an ajv validate function, compiled at run time or at build time). */
export interface RequestValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * How the steps treat one operation, decided once when the mock is built: the description's way
 * (`describedBehaviour`, core.ts), or a hand-written one (definition.ts `HandWritten`: the
 * Petstore's, petstore/behaviour.ts). The stages call it and never ask which it is.
 */
export interface Behaviour {
  /**
   * access/: the sandbox key of a request allowed to call the operation.
   * @throws {MockError} 401 `unauthorized` naming the credential expected
   */
  authenticate(request: Request, url: URL): string;
  /** access/: whether a request other than `GET` changes the token's state (then it gets its own copy). */
  writes: boolean;
  /** request/: problems of the raw, still percent-encoded parameters (`path.petId: …`); none by default. */
  checkRawParams?(pathRaw: Readonly<Record<string, string>>, query: URLSearchParams): string[];
  /**
   * request/: reads the body of an operation with a `requestBody` into the context.
   * @throws {MockError} 400, 413 or 415
   */
  readBody(ctx: Context): Promise<void>;
  /** The answer from hand-written code over the token's state; absent: answer/ answers from the description. */
  answer?(ctx: Context, op: PreparedOperation): Response;
}

/** Everything the pipeline needs about one operation, prepared at start-up. */
export interface PreparedOperation {
  /** The operation as the description gives it (operations.ts). */
  operation: MockOperation;
  /** Its parameters with their schemas followed through `$ref`s (what the decoders read). */
  params: Param[];
  hasBody: boolean;
  /** Query parameters that are comma-separated arrays (`style: form`, `explode: false`). */
  commaArrays: Set<string>;
  /** The raw (still percent-encoded) path parameters of a request path matched to the template, or null. */
  pathParams: (path: string) => Record<string, string> | null;
  /** The operation's request validators (body, then parameters), compiled when first asked for. */
  validators: () => readonly RequestValidator[];
  behaviour: Behaviour;
}

/** Fixed-window request counter of one token (access/ratelimit.ts reads and updates it). */
export interface RateWindow {
  /** When the current window started (ms since epoch). */
  start: number;
  /** Requests counted in it. */
  count: number;
}

/**
 * One token's sandbox as the access stages use it during one request (access/store.ts
 * `SandboxSession`, whichever store keeps it): its rate window and each mock's state.
 */
export interface SandboxAccess {
  consume(policy: { limit: number; windowS: number }): Promise<{ allowed: boolean; remaining: number; resetS: number }>;
  read<R>(key: string, run: (state: unknown) => Promise<R>): Promise<R>;
  write<R>(key: string, run: (state: unknown) => Promise<R>): Promise<R>;
  reset(key: string): Promise<void>;
}

/**
 * One token's entry in the in-memory sandbox table (access/sandboxes.ts): its rate window, one for
 * every mock that shares the table, and the state each mock's hand-written behaviour keeps, under
 * the mock's key.
 */
export interface Sandbox {
  /** The token's table key (access/sandboxes.ts `sandboxKey`). */
  readonly key: string;
  /** Each mock's own state once it changed something, by the mock's state key; until then reads go to that mock's shared seed. */
  states?: Map<string, unknown>;
  /** Estimated bytes of `states` when last settled. */
  bytes: number;
  lastUsed: number;
  rate: RateWindow;
}

/** What the stages know about one request; each stage fills in its part. */
export interface Context {
  readonly request: Request;
  readonly url: URL;
  /** The method to route by (upper case); `HEAD` is routed as `GET` (see {@link headAsGet}). */
  method: string;
  /** The path below the mount path (set by {@link mountPath}). */
  path: string;
  /** `route`: an operation of the description; `reset`: the reset endpoint. */
  target?: { kind: 'operation'; op: PreparedOperation } | { kind: 'reset' };
  /** The bearer token (set by {@link authenticate}; `''` on an operation without auth). */
  token?: string;
  /** The token's sandbox for this request (opened by the rate limit or the sandbox stage). */
  sandbox?: SandboxAccess;
  /**
   * The state the mock's hand-written behaviour keeps in the token's sandbox (set by the sandbox
   * stage; undefined when the mock keeps none). Its type is the behaviour's own.
   */
  state?: unknown;
  /** Raw text of the path parameters (set by {@link rawParams}). */
  pathRaw?: Record<string, string>;
  /** The JSON body and its int64 fields above 2^53 (set by {@link readBody}). */
  body?: unknown;
  /** Whether the body was read (the stages after the sandbox may run again; the body is read once). */
  bodyRead?: boolean;
  /** Whether {@link Context.body} is a JSON body to validate. */
  bodyIsJson?: boolean;
  inexact?: ReadonlyMap<string, string>;
}

export type Next = () => Promise<Response>;
export type Stage = (ctx: Context, next: Next) => Promise<Response>;
/** Stages composed: a request's context in, its response out. */
export type Pipeline = (ctx: Context) => Promise<Response>;

/** How a pipeline answers a refusal: in the words of the API that refuses (refusal.ts). */
export type Refuse = (err: MockError, ctx: Context) => Response;

/** A refusal's answer (refusal.ts) as a Response, with the CORS headers every answer carries. */
export function refusalResponse(answer: RefusalAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: { ...answer.headers, ...CORS_HEADERS } });
}

/** A refusal outside every API: RFC 9457 problem details (refusal.ts). */
export const problemRefusal: Refuse = (err) => refusalResponse(refusalAnswer(err, undefined));

/**
 * Runs stages in order. A MockError thrown inside a stage is answered at that point by `refuse` (in
 * the words of the pipeline's API; default {@link problemRefusal}); anything else propagates (the
 * core answers it 500). The last stage's `next()` is a 500: a pipeline must end with a stage that
 * answers.
 */
export function compose(stages: readonly Stage[], refuse: Refuse = problemRefusal): Pipeline {
  const run = async (i: number, ctx: Context): Promise<Response> => {
    const stage = stages[i];
    if (!stage) throw new Error('the pipeline ended without a response');
    try {
      return await stage(ctx, () => run(i + 1, ctx));
    } catch (err) {
      if (err instanceof MockError) return refuse(err, ctx);
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
