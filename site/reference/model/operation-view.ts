/**
 * One operation's page: its parameters, request body, responses (with their examples), security,
 * code samples and callbacks, built from the Operation Object when the page is rendered. Pure.
 * Rules: path-level parameters are overridden by the operation's (same name and `in`);
 * `x-codeSamples` first, generated samples only for other languages (samples.ts).
 */
import type { Direction } from '../../../descriptions/examples.ts';
import { describedExamples } from '../../../descriptions/examples.ts';
import { isObject, type JsonObject as Json } from '../../../descriptions/json.ts';
import { pathItemOperations } from '../../../descriptions/operations.ts';
import { deref } from '../../../descriptions/refs.ts';
import { declaredSchemes, securityRequirements } from '../../../descriptions/security.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { examplesOf, prettyJson } from './examples.ts';
import { boundLongStrings, sampleBody } from './long-values.ts';
import {
  CREDENTIAL_PLACEHOLDER,
  codeSamples,
  DEFAULT_SAMPLE_TARGETS,
  type SampleRequest,
  type SampleTargetId,
} from './samples.ts';
import { jsonText, parameterExample, type SchemaContext, schemaNode } from './schema.ts';
import type {
  CallbackView,
  Credential,
  MediaView,
  OperationSummary,
  OperationView,
  ParameterView,
  RequestBodyView,
  ResponseView,
  SchemeView,
} from './views.ts';

/** A string with text in it, else undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

function mediaViews(doc: Json, content: unknown, ctx: SchemaContext, direction: Direction): MediaView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, raw]) => {
    const m = deref(doc, raw);
    const media = isObject(m) ? m : {};
    const view: MediaView = {
      mediaType,
      schema: media.schema === undefined ? undefined : schemaNode(media.schema, ctx),
      examples: examplesOf(doc, mediaType, media, direction),
    };
    if (media.itemSchema !== undefined) view.itemSchema = schemaNode(media.itemSchema, ctx);
    return view;
  });
}

/** Parameters of an operation: path-level ones first, overridden by the operation's (same name and `in`). */
function parametersOf(doc: Json, pathItem: Json, operation: Json): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = deref(doc, raw);
      if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string') byKey.set(`${p.in}:${p.name}`, p);
    }
  }
  return [...byKey.values()];
}

/** What a security scheme asks for, in the messages' language; an HTTP scheme as the header it sends. */
function schemeSummary(name: string, s: Json, t: Translate): string {
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme) {
    return s.scheme.toLowerCase() === 'bearer'
      ? 'Authorization: Bearer <token>'
      : `Authorization: ${s.scheme[0]?.toUpperCase()}${s.scheme.slice(1)} <credentials>`;
  }
  if (s.type === 'apiKey' && typeof s.name === 'string' && typeof s.in === 'string') {
    const where = s.in === 'query' || s.in === 'header' || s.in === 'cookie' ? s.in : 'other';
    return t(`ref.security.apiKey.${where}`, { name: s.name, in: s.in });
  }
  if (s.type === 'oauth2') return t('ref.security.oauth2');
  if (s.type === 'openIdConnect') return t('ref.security.openIdConnect');
  if (s.type === 'mutualTLS') return t('ref.security.mutualTLS');
  return name;
}

/** Where a scheme's credential travels (OpenAPI 3.2 §4.27 Security Scheme Object); undefined when it is nowhere we can put it. */
function credentialOf(s: Json): Credential | undefined {
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme) {
    const scheme = s.scheme.toLowerCase() === 'bearer' ? 'Bearer' : `${s.scheme[0]?.toUpperCase()}${s.scheme.slice(1)}`;
    return { in: 'header', name: 'Authorization', prefix: `${scheme} ` };
  }
  if (
    s.type === 'apiKey' &&
    typeof s.name === 'string' &&
    s.name &&
    (s.in === 'header' || s.in === 'query' || s.in === 'cookie')
  )
    return { in: s.in, name: s.name };
  if (s.type === 'oauth2' || s.type === 'openIdConnect')
    return { in: 'header', name: 'Authorization', prefix: 'Bearer ' };
  return undefined;
}

function securityOf(doc: Json, operation: Json, t: Translate): SchemeView[][] {
  const schemes = declaredSchemes(doc);
  return securityRequirements(doc, operation).map((req) =>
    Object.entries(req).map(([name, scopes]) => {
      const s = deref(doc, schemes[name]);
      const scheme = isObject(s) ? s : {};
      const credential = credentialOf(scheme);
      return {
        name,
        summary: schemeSummary(name, scheme, t),
        description: str(scheme.description),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
        ...(credential ? { credential } : {}),
      };
    }),
  );
}

/** The request a generated sample makes: production server, required parameters, bearer token, body example. */
function sampleRequest(
  base: string,
  method: string,
  path: string,
  params: ParameterView[],
  security: SchemeView[][],
  body: RequestBodyView | null,
  /** Which example of the JSON body the sample sends (its index in the page's examples). */
  example = 0,
): SampleRequest {
  let url = base.replace(/\/+$/, '') + path;
  const query = new URLSearchParams();
  const headers: SampleRequest['headers'] = [];
  for (const p of params) {
    if (!p.required) continue;
    const raw = p.example === undefined ? undefined : (JSON.parse(p.example) as unknown);
    const value = raw === undefined ? `<${p.name}>` : typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.append(p.name, value);
    else if (p.in === 'header') headers.push({ name: p.name, value });
  }
  const first = security[0]?.[0];
  if (first?.summary.startsWith('Authorization: Bearer')) {
    headers.push({ name: 'Authorization', value: `Bearer ${CREDENTIAL_PLACEHOLDER}` });
  }
  const json = body?.contents.find((c) => /json/i.test(c.mediaType));
  const q = query.toString();
  return {
    method,
    url: q ? `${url}?${q}` : url,
    headers: json ? [...headers, { name: 'Content-Type', value: json.mediaType }] : headers,
    body: json?.examples[example]?.value === undefined ? undefined : sampleBody(json.examples[example].value),
  };
}

/** A parameter's `examples` map (Example Objects, `$ref`s resolved), each value as JSON text. */
function namedParameterExamples(doc: Json, p: Json): Array<{ name: string; summary?: string; value: string }> {
  if (!isObject(p.examples)) return [];
  return Object.entries(p.examples).flatMap(([name, raw]) => {
    const ex = deref(doc, raw);
    if (!isObject(ex) || ex.value === undefined) return [];
    const summary = str(ex.summary);
    return [
      { name, ...(summary ? { summary } : {}), value: typeof ex.value === 'string' ? ex.value : jsonText(ex.value) },
    ];
  });
}

/**
 * The JSON media type of a request body whose named examples the page offers to pick (more than
 * one, from the description), if any: the picker try-it and the code samples follow.
 */
export function pickedRequestMedia(body: RequestBodyView | null): MediaView | undefined {
  const json = body?.contents.find((c) => /json/i.test(c.mediaType));
  return json && json.examples.filter((e) => !e.generated).length > 1 ? json : undefined;
}

/** Views of a parameter list (Parameter Objects, `$ref`s resolved). */
function parameterViews(doc: Json, params: Json[], ctx: SchemaContext): ParameterView[] {
  return params.map((p) => {
    // A parameter has `schema`, or `content` with one media type (always so for `in: querystring`).
    const content = isObject(p.content) ? Object.entries(p.content)[0] : undefined;
    const media = content && isObject(content[1]) ? content[1] : undefined;
    const schema = p.schema ?? media?.schema;
    let ex = parameterExample(doc, p);
    const described = ex === undefined && media ? describedExamples(doc, media)[0] : undefined;
    // A `content` parameter's example is shown as its page shows a body's: as text.
    if (described) ex = prettyJson(boundLongStrings(described.text ?? described.value).value);
    const named = namedParameterExamples(doc, p);
    const view: ParameterView = {
      name: typeof p.name === 'string' ? p.name : '',
      in: typeof p.in === 'string' ? p.in : '',
      required: p.required === true || p.in === 'path',
      deprecated: p.deprecated === true,
      description: str(p.description),
      schema: schemaNode(schema ?? {}, ctx),
      example: ex === undefined ? undefined : typeof ex === 'string' && media ? ex : jsonText(ex),
    };
    if (content) view.mediaType = content[0];
    if (named.length > 1) view.examples = named;
    return view;
  });
}

function requestBodyView(doc: Json, raw: unknown, ctx: SchemaContext): RequestBodyView | null {
  const rb = deref(doc, raw);
  return isObject(rb)
    ? {
        required: rb.required === true,
        description: str(rb.description),
        contents: mediaViews(doc, rb.content, ctx, 'request'),
      }
    : null;
}

function responseViews(doc: Json, raw: unknown, ctx: SchemaContext): ResponseView[] {
  return Object.entries(isObject(raw) ? raw : {})
    .filter(([status]) => !status.startsWith('x-'))
    .map(([status, rawResponse]) => {
      const r = deref(doc, rawResponse);
      const resp = isObject(r) ? r : {};
      const headers = Object.entries(isObject(resp.headers) ? resp.headers : {}).map(([name, rawH]) => {
        const h = deref(doc, rawH);
        const header = isObject(h) ? h : {};
        const headerSchema = deref(doc, header.schema);
        // `example`, else the first of `examples` (3.1+ upgrades move `example` there), else the schema's.
        const ex = parameterExample(doc, { ...header, schema: headerSchema });
        return {
          name,
          required: header.required === true,
          description: str(header.description),
          schema: header.schema === undefined ? undefined : schemaNode(header.schema, ctx),
          example: ex === undefined ? undefined : typeof ex === 'string' ? ex : jsonText(ex),
        };
      });
      return {
        status,
        description: str(resp.description),
        headers,
        contents: mediaViews(doc, resp.content, ctx, 'response'),
      };
    });
}

/**
 * The callbacks of an operation (`callbacks`: name → Callback Object of runtime expression → Path
 * Item), one view per method of each expression.
 */
function callbackViews(doc: Json, operation: Json, ctx: SchemaContext): CallbackView[] {
  const out: CallbackView[] = [];
  for (const [name, rawCallback] of Object.entries(isObject(operation.callbacks) ? operation.callbacks : {})) {
    const callback = deref(doc, rawCallback);
    if (!isObject(callback)) continue;
    for (const [expression, rawItem] of Object.entries(callback)) {
      if (expression.startsWith('x-')) continue;
      const item = deref(doc, rawItem);
      if (!isObject(item)) continue;
      for (const { method, operation: op } of pathItemOperations(item)) {
        out.push({
          name,
          expression,
          method,
          summary: str(op.summary),
          description: str(op.description),
          parameters: parameterViews(doc, parametersOf(doc, item, op), ctx),
          requestBody: requestBodyView(doc, op.requestBody, ctx),
          responses: responseViews(doc, op.responses, ctx),
        });
      }
    }
  }
  return out;
}

/** What an operation's page shows but its code samples ({@link operationSamples}). */
export type OperationParts = Omit<OperationView, keyof OperationSummary | 'samples' | 'sampleSets'>;

/**
 * Everything an operation's page shows but its code samples: its description, security, parameters,
 * request body, responses and callbacks. Alone, for a caller that only walks the schema trees (which
 * schemas a page shows collapsed): the samples add no schema.
 * @param operation the Operation Object; `pathItem` the Path Item Object holding it
 * @param ctx the page's schema context, fresh for each page: its row budget is spent in the page's
 *   order (parameters, request body, responses, callbacks)
 */
export function operationParts(doc: Json, operation: Json, pathItem: Json, ctx: SchemaContext): OperationParts {
  const { parameters, requestBody, security } = requestParts(doc, operation, pathItem, ctx);
  const responses = responseViews(doc, operation.responses, ctx);
  const ext =
    isObject(operation.externalDocs) && typeof operation.externalDocs.url === 'string' ? operation.externalDocs : null;
  return {
    description: str(operation.description),
    security,
    parameters,
    requestBody,
    responses,
    callbacks: callbackViews(doc, operation, ctx),
    externalDocs: ext ? { url: String(ext.url), description: str(ext.description) } : undefined,
  };
}

/** What an operation's code samples send: the parameters, security and request body of its page. */
export type RequestParts = Pick<OperationParts, 'parameters' | 'security' | 'requestBody'>;

/**
 * The parts of an operation's page that its code samples send ({@link operationSamples}), made without
 * the responses and callbacks, the larger part of a page's schema trees. The same as
 * {@link operationParts}'s: a page spends its row budget on the parameters and the request body first.
 * @param operation the Operation Object; `pathItem` the Path Item Object holding it
 * @param ctx a page's schema context, fresh for each page
 */
export function requestParts(doc: Json, operation: Json, pathItem: Json, ctx: SchemaContext): RequestParts {
  const parameters = parameterViews(doc, parametersOf(doc, pathItem, operation), ctx);
  const requestBody = requestBodyView(doc, operation.requestBody, ctx);
  return { parameters, security: securityOf(doc, operation, ctx.t ?? translator('en')), requestBody };
}

/** An operation's code samples: once, or once per named request example ({@link OperationView}). */
export type OperationSamples = Pick<OperationView, 'samples' | 'sampleSets'>;

/**
 * An operation's code samples: its hand-written ones and those generated for `sampleTargets`, sending
 * the request its parts describe (once per named request example when there are several). A webhook
 * has none: it is sent by the API, so a sample of calling it would mislead.
 * @param parts the operation's {@link requestParts} (the request the samples send; its
 *   {@link operationParts} hold them too)
 * @param sampleServer the base URL generated samples use
 * @param credentialVar the environment variable generated samples read the credential from
 *   (samples.ts `credentialVariable`)
 */
export function operationSamples(
  summary: OperationSummary,
  operation: Json,
  parts: RequestParts,
  sampleServer: string,
  sampleTargets: readonly SampleTargetId[] = DEFAULT_SAMPLE_TARGETS,
  credentialVar = 'API_TOKEN',
): OperationSamples {
  if (summary.kind === 'webhook') return { samples: [] };
  const { parameters, security, requestBody } = parts;
  const samplesFor = (example: number) =>
    codeSamples(
      operation,
      sampleRequest(sampleServer, summary.method, summary.path, parameters, security, requestBody, example),
      sampleTargets,
      credentialVar,
    );
  const samples = samplesFor(0);
  const picked = pickedRequestMedia(requestBody);
  const sampleSets = picked?.examples.map((ex, i) => ({
    example: ex.name,
    samples: i === 0 ? samples : samplesFor(i),
  }));
  return sampleSets ? { samples, sampleSets } : { samples };
}

/**
 * Everything an operation's page shows: what lists hold of it, its parts and its samples, in the
 * order the page's cache key serialises them.
 */
export function operationViewOf(
  summary: OperationSummary,
  parts: OperationParts,
  samples: OperationSamples,
): OperationView {
  // The samples go between the responses and the callbacks, where the cache keys have always had them.
  const { callbacks, externalDocs, ...head } = parts;
  return {
    ...summary,
    ...head,
    samples: samples.samples,
    ...(samples.sampleSets ? { sampleSets: samples.sampleSets } : {}),
    callbacks,
    externalDocs,
  };
}
