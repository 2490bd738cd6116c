// The request step of the pipeline: raw parameter checks, the body read and parsed, and the request
// validated against the description's schemas.

import type { JsonObject } from '../../../descriptions/json.ts';
import { essence, isJsonMediaType } from '../../../descriptions/media.ts';
import { type Behaviour, operationOf, type Stage } from '../pipeline/context.ts';
import { MockError } from '../pipeline/errors.ts';
import { decodePathParams } from '../route/path-params.ts';
import { normalizePath } from '../route/router.ts';
import { checkIdentityEncoding, MAX_BODY_BYTES, parseJsonBody, readBodyBytes, readBodyText } from './body.ts';
import { fieldProblems, problemText, requestInput, runValidators } from './validate.ts';

/**
 * 9. Raw parameter checks on the still percent-encoded text, as the operation's behaviour asks
 * (a hand-written behaviour's, such as the Petstore's identifier rules, params.ts): 400 `validation_failed` naming `path.petId`,
 * `query.limit`, `query.ids[2]`… Other operations' parameters are checked by their schemas alone
 * (the validate stage).
 */
export function rawParams(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    ctx.pathRaw = op.pathParams(normalizePath(ctx.path)) ?? {};
    const errors = op.behaviour.checkRawParams?.(ctx.pathRaw, ctx.url.searchParams) ?? [];
    if (errors.length > 0) throw new MockError('validation_failed', errors.join('; '));
    return next();
  };
}

/**
 * 10. Body, for operations with a `requestBody` only, read as the operation's behaviour reads it
 * (a hand-written behaviour's own, {@link describedBody} for the others); operations without one
 * never read it. Read once per request: the stages after the sandbox run again when another
 * instance's write to the same sandbox came first (access/stages.ts `sandbox`).
 */
export function readBody(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    if (op.hasBody && !ctx.bodyRead) {
      ctx.bodyRead = true;
      await op.behaviour.readBody(ctx);
    }
    return next();
  };
}

/** Whether a declared media type (`application/json`, `image/*`, `*\/*`) takes a request's. */
function declaredTakes(declared: string, sent: string): boolean {
  const [dt = '', ds = ''] = essence(declared).split('/');
  const [st = '', ss = ''] = sent.split('/');
  return (dt === '*' || dt === st) && (ds === '*' || ds === ss);
}

/**
 * The body of an operation answered from its description: any media type it declares (else 415
 * `unsupported_media_type`), at most {@link MAX_BODY_BYTES} (413), required when the description
 * says so (400); a JSON body must parse (400 `malformed_json`) and is then validated against its
 * schema. Other media types (forms, uploads, text) are accepted as they are.
 */
export function describedBody(requestBody: JsonObject | undefined): Behaviour['readBody'] {
  return async (ctx) => {
    const request = ctx.request;
    const content = requestBody?.content;
    const declared = content && typeof content === 'object' ? Object.keys(content) : [];
    checkIdentityEncoding(request.headers.get('content-encoding'));
    const raw = request.headers.get('content-type');
    const sent = raw ? essence(raw) : '';
    const declaredLength = request.headers.get('content-length');
    const empty = request.body === null || declaredLength?.trim() === '0';
    if (empty && !sent) {
      if (requestBody?.required === true) {
        throw new MockError(
          'validation_failed',
          `body: is required (${declared.join(', ') || 'any media type'})`,
          {},
          {},
          [{ name: 'body', pointer: '#', reason: 'is required' }],
        );
      }
      return;
    }
    // JSON is JSON: `application/json` is taken where only `application/merge-patch+json` is declared.
    const taken = (d: string) => declaredTakes(d, sent) || (isJsonMediaType(sent) && isJsonMediaType(d));
    if (declared.length > 0 && !declared.some(taken)) {
      throw new MockError(
        'unsupported_media_type',
        `header Content-Type: ${sent ? `'${sent}' is not` : 'missing; it must be'} one of ${declared.join(', ')}`,
      );
    }
    if (isJsonMediaType(sent)) {
      const text = await readBodyText(request, MAX_BODY_BYTES);
      if (text.trim() === '') {
        if (requestBody?.required === true) {
          throw new MockError('validation_failed', 'body: is required', {}, {}, [
            { name: 'body', pointer: '#', reason: 'is required' },
          ]);
        }
        return;
      }
      ctx.body = parseJsonBody(text, new Set()).value;
      ctx.bodyIsJson = true;
    } else {
      // Read (to the limit) so the connection can carry the next request; not interpreted.
      await readBodyBytes(request, MAX_BODY_BYTES, false);
    }
  };
}

/**
 * 11. Schema validation with the operation's ajv validators (`allErrors`) over the request as
 * openapi-backend presents it (validate.ts `requestInput`): every message is
 * `location: problem`, joined with `; `.
 */
export function validate(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    // A null-prototype object: `?__proto__=1` must be an unknown parameter, not a prototype write
    // that the validator never sees.
    const query: Record<string, string | string[]> = Object.create(null);
    for (const key of new Set(ctx.url.searchParams.keys())) {
      const all = ctx.url.searchParams.getAll(key);
      // A comma-separated array (`explode: false`) given more than once is one list, as
      // decodeParams reads it: `ids=1,2&ids=3` is validated as `ids=1,2,3`.
      query[key] = all.length === 1 ? (all[0] as string) : op.commaArrays.has(key) ? all.join(',') : all;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of ctx.request.headers) headers[name] = value;
    const { input, errors } = requestInput(
      { path: op.operation.path, parameters: op.params },
      decodePathParams(op.pathParams(normalizePath(ctx.path))),
      query,
      { present: ctx.bodyIsJson === true, value: ctx.body },
      { headers, cookies: cookiesOf(ctx.request.headers.get('cookie')) },
    );
    errors.push(...runValidators(op.validators(), input));
    if (errors.length > 0) {
      const fields = fieldProblems(errors);
      throw new MockError('validation_failed', fields.map(problemText).join('; '), {}, {}, fields);
    }
    return next();
  };
}

function cookiesOf(header: string | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}
