// The Petstore's step of the pipeline: its hand-written handler over the sandbox's store.
import { jsonResponse } from '../http.ts';
import { operationOf, type Stage } from '../pipeline.ts';
import { decodeParams } from '../request/params.ts';

/**
 * 11. Handler of the `operationId` over the sandbox's store → the response. An operation
 * without a handler goes on to {@link mockResponse}.
 */
export function handle(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    if (!op.handler) return next();
    if (!ctx.store) throw new Error('handle needs a store (the sandbox stage)');
    const decoded = decodeParams(op.params, ctx.pathRaw ?? {}, ctx.url.searchParams);
    const result = op.handler({
      params: decoded.values,
      raw: decoded.raw,
      body: ctx.body,
      inexact: ctx.inexact ?? new Map(),
      url: ctx.url,
      store: ctx.store,
    });
    return jsonResponse(result.status, result.body, result.headers);
  };
}
