// The answer step of the pipeline: an operation's response, its own (hand-written behaviour) or
// from its description.
import type { Description } from '../../../descriptions/json.ts';
import { operationOf, type Stage } from '../pipeline/context.ts';
import { CORS_HEADERS } from '../pipeline/http.ts';
import { generate } from './generate.ts';
import { negotiate } from './negotiate.ts';

/**
 * 12. The answer: the operation's own, when its behaviour has one (a hand-written handler over
 * the token's state), else from its description in Prism's two steps: the negotiator (negotiate.ts)
 * picks status, media type and example from `Prefer` and `Accept`, the generator (generate.ts)
 * fills body and headers. A `Prefer` naming an undeclared status or example → 400
 * `validation_failed` naming the declared ones.
 * @param doc the description (internal form) the operations come from
 */
export function answer(doc: Description): Stage {
  return async (ctx) => {
    const op = operationOf(ctx);
    if (op.behaviour.answer) return op.behaviour.answer(ctx, op);
    const negotiated = negotiate(op.operation, doc, {
      accept: ctx.request.headers.get('accept'),
      prefer: ctx.request.headers.get('prefer'),
    });
    const out = generate(negotiated, doc);
    return new Response(out.body, { status: out.status, headers: { ...out.headers, ...CORS_HEADERS } });
  };
}
