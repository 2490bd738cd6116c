/**
 * The API reference as static pages: maps an OpenAPI document (the loader's internal form, OpenAPI
 * 3.2; 3.0 and 3.1 read as well) to what the pages render, one view per operation, webhook, tag and
 * schema, with the URLs they live at. Pure: no I/O, no clock (the build date is a parameter), the
 * document is never changed. Astro components render these views as they are.
 *
 * Rules and their sources:
 * - tag groups from `x-tagGroups` and `x-parent` (map.ts `navigationGroups`; spec §1: Pets and Store
 *   are navigation groups only);
 * - `x-stability: experimental | beta` → a stability badge (spec §1, §9.3);
 * - `deprecated` + `x-deprecated-sunset` → one deprecation notice with the sunset date, relative to
 *   the build date (spec §9.2; map.ts `describeDeprecation`);
 * - `x-hideTryItPanel: true` → no try-it (spec §1, §4);
 * - `x-codeSamples` first, generated samples only for other languages (samples.ts).
 */

import {
  type BodyExample,
  bodyText,
  type Direction,
  describedBody,
  describedExamples,
  generatedBody,
} from '../../../spec/examples.ts';
import { isObject, type JsonObject as Json } from '../../../spec/json.ts';
import { isJsonMediaType } from '../../../spec/media.ts';
import { HTTP_METHODS, pathItemOperations } from '../../../spec/operations.ts';
import { formatPointer } from '../../../spec/pointer.ts';
import { deref } from '../../../spec/refs.ts';
import {
  isNavigationTag,
  listOperations,
  type OpenApiDocument,
  type OperationKind,
  type OperationRef,
  slugifyTag,
  tagObjects,
} from './document.ts';
import { type Deprecation, describeDeprecation, type StabilityLevel, stabilityOf } from './lifecycle.ts';
import { boundLongStrings } from './long-values.ts';
import { type CodeSample, codeSamples, type SampleRequest } from './samples.ts';
import {
  collapsedSchemas,
  jsonText,
  PAGE_ROW_BUDGET,
  parameterExample,
  type SchemaContext,
  type SchemaNode,
  schemaNode,
  schemaRefName,
} from './schema.ts';
import { RESERVED_SLUGS, uniqueSlugs } from './slug.ts';
import { navigationGroups, tagGroups, tagNesting } from './tags.ts';

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/**
 * Where the reference lives when the model is given no `base` (`/reference`); the integration's
 * `base` option (options.ts) decides it for a build.
 */
export const REFERENCE_BASE = '/reference';

/**
 * Component schema count up to which every schema of `components/schemas` has a page of its own (the
 * default of {@link ModelOptions.schemaPages}). Above it, only the schemas some page shows collapsed
 * (linked instead of expanded: past the depth bound, a cycle, or the page's row budget) get one, and
 * the others are shown in place wherever they are used. A page per schema is ~15 ms of build each:
 * Bungie's 869 schemas were two thirds of its build, and its operation pages link 141 of them.
 */
export const SCHEMA_PAGE_LIMIT = 200;

/** The tag of operations that have none (OpenAPI allows untagged operations; they still need a place). */
export const DEFAULT_TAG = 'Operations';

export interface Stability {
  level: StabilityLevel;
  /** Badge text: `Experimental` or `Beta`. */
  label: string;
}

export interface ParameterView {
  name: string;
  /** `path`, `query`, `querystring` (3.2: the whole query string), `header` or `cookie`. */
  in: string;
  required: boolean;
  deprecated: boolean;
  /** Markdown. */
  description?: string;
  schema: SchemaNode;
  /** Media type of a parameter described by `content` instead of `schema` (always so for `querystring`). */
  mediaType?: string;
  /** JSON text of the parameter's example (`example`, the first of `examples`, or the schema's). */
  example?: string;
}

export interface ExampleView {
  name: string;
  summary?: string;
  /** Pretty-printed JSON (or the text as is for non-JSON media types). */
  value: string;
  /** True when made up from the schema because the document gives none. */
  generated: boolean;
  /** How many strings longer than LONG_STRING_CHARS `value` shows shortened (long-values.ts); absent when none. */
  shortened?: number;
}

export interface MediaView {
  mediaType: string;
  schema?: SchemaNode;
  /** `itemSchema` (3.2) of a sequential media type (JSON Lines, Server-Sent Events): each item's schema. */
  itemSchema?: SchemaNode;
  examples: ExampleView[];
}

export interface HeaderView {
  name: string;
  required: boolean;
  description?: string;
  schema?: SchemaNode;
  example?: string;
}

export interface ResponseView {
  /** `200`, `4XX`, `default`… */
  status: string;
  description?: string;
  headers: HeaderView[];
  contents: MediaView[];
}

export interface RequestBodyView {
  required: boolean;
  description?: string;
  contents: MediaView[];
}

/** One way to authenticate (a Security Scheme Object, OpenAPI 3.0 §4.7.27). */
export interface SchemeView {
  name: string;
  /** What a client sends, e.g. `Authorization: Bearer <token>`. */
  summary: string;
  description?: string;
  scopes: string[];
}

/** What lists, the sidebar and links need of an operation (cheap; held for every operation). */
export interface OperationSummary {
  /** `operation` for a path's operation, `webhook` for an entry of `webhooks`. */
  kind: OperationKind;
  /** The `operationId`, or `METHOD path` when the operation has none ({@link hasOperationId}). */
  operationId: string;
  /** Whether the description gives the operation an `operationId`. */
  hasOperationId: boolean;
  /** File-safe slug; the page is `/reference/<slug>/`. */
  slug: string;
  url: string;
  /** Upper case, e.g. `GET`; a method of `additionalOperations` as written. */
  method: string;
  /** The path template; a webhook's name for webhooks. */
  path: string;
  summary: string;
  /** The navigation tag (the first tag not of a `badge`/`audience` kind; {@link DEFAULT_TAG} without one). */
  tag: string;
  tagUrl: string;
  /** The tag group the operation's tag is in. */
  group: string;
  /** Scalar's anchor of the operation (`tag/animals/GET/pets`), so old `/reference#…` links find the page. */
  legacyAnchor: string;
  stability: Stability | null;
  deprecation: Deprecation | null;
  /**
   * False for `x-hideTryItPanel: true`, for webhooks (the API sends them) and for methods the try-it
   * client cannot send (`query`, `additionalOperations`).
   */
  tryIt: boolean;
  /** Tags of other kinds (`badge`, `audience`; OpenAPI 3.2), shown as labels on the page. */
  labels: Array<{ kind: string; name: string }>;
}

/** A callback of an operation (OpenAPI 3.2 §4.8.18): requests the API makes to the client. */
export interface CallbackView {
  /** The callback's key in `callbacks`, e.g. `onPetAdopted`. */
  name: string;
  /** The runtime expression that gives the URL, e.g. `{$request.body#/callbackUrl}`. */
  expression: string;
  method: string;
  summary?: string;
  /** Markdown. */
  description?: string;
  parameters: ParameterView[];
  requestBody: RequestBodyView | null;
  responses: ResponseView[];
}

/** Everything an operation's page shows (built per page by {@link ReferenceModel.operationView}). */
export interface OperationView extends OperationSummary {
  /** Markdown. */
  description?: string;
  /** Alternatives (any one suffices); each lists the schemes used together. Empty: no authentication. */
  security: SchemeView[][];
  parameters: ParameterView[];
  requestBody: RequestBodyView | null;
  responses: ResponseView[];
  samples: CodeSample[];
  callbacks: CallbackView[];
  externalDocs?: { url: string; description?: string };
}

export interface TagView {
  name: string;
  slug: string;
  url: string;
  group: string;
  /** Markdown. */
  description?: string;
  operations: OperationSummary[];
  /** Tags whose `parent` (OpenAPI 3.2) is this tag: nested below it in the navigation. */
  children: TagView[];
}

export interface GroupView {
  name: string;
  /** Top-level tags of the group (nested tags are in their parent's `children`). */
  tags: TagView[];
  /**
   * True when the description declares no groups (no `x-tagGroups`, no tag `parent`): the one group
   * holds every tag and is not shown as a level of its own.
   */
  implicit: boolean;
}

export interface SchemaPageView {
  name: string;
  slug: string;
  url: string;
  /** Operations whose parameters, body or responses use the schema directly. */
  usedBy: Array<Pick<OperationSummary, 'operationId' | 'method' | 'path' | 'summary' | 'url'>>;
}

/** A schema as the schema index lists it: its page, or else an operation page that shows it. */
export interface SchemaIndexEntry {
  name: string;
  /** The schema's own page, when it has one. */
  url?: string;
  /** When it has no page: the first operation that uses it directly, whose page shows its fields. */
  shownOn?: Pick<OperationSummary, 'method' | 'path' | 'summary' | 'url'>;
}

export interface ReferenceModel {
  /** The URL path of the reference's pages, no trailing slash (`/reference`): its index is `<base>/`. */
  base: string;
  title: string;
  version: string;
  /** `info.summary` (OpenAPI 3.1+), a one-line summary of the API. */
  summary?: string;
  /** Markdown of `info.description`. */
  description?: string;
  groups: GroupView[];
  /** Every tag with operations (nested ones too), in navigation order. */
  tags: TagView[];
  /** Operations of `paths`, then webhooks ({@link OperationSummary.kind}). */
  operations: OperationSummary[];
  /** The webhooks among {@link operations}, in document order. */
  webhooks: OperationSummary[];
  /** The page listing the webhooks, when there are any. */
  webhooksUrl?: string;
  /** The schemas with a page of their own (every schema, up to {@link SCHEMA_PAGE_LIMIT}). */
  schemas: SchemaPageView[];
  /** Every schema of `components/schemas`, in document order, as the schema index lists them. */
  schemaIndex: SchemaIndexEntry[];
  /** The base URL generated samples use (the first server, variables at their defaults). */
  sampleServer: string;
  /** Where try-it sends: the mock on this site, and/or the description's servers (when it has any). */
  tryItTo: { mock: boolean; servers: boolean };
  /**
   * The whole view of one operation's page. Built on demand, one page at a time, so a build holds the
   * heavy parts (schema trees, examples, samples) of one page at once, not of 1,100.
   */
  operationView(op: OperationSummary): OperationView;
  /** The schema tree of a schema's page, expanded one level deeper than in operations. */
  schemaTree(schema: SchemaPageView): SchemaNode;
}

export interface ModelOptions {
  /** The build date as YYYY-MM-DD (UTC). */
  buildDate: string;
  /** Expansion bound of nested object schemas in operations (default 2). */
  maxRefDepth?: number;
  /** Where try-it may send (default both): the mock on this site, the description's servers. */
  tryItTargets?: ReadonlyArray<'mock' | 'description'>;
  /** The URL path of the reference's pages, no trailing slash (default {@link REFERENCE_BASE}). */
  base?: string;
  /**
   * Component schema count up to which every schema has a page (default {@link SCHEMA_PAGE_LIMIT});
   * above it only the schemas a page shows collapsed have one.
   */
  schemaPages?: number;
}

/**
 * A page's meta description from Markdown: plain text (code, emphasis, links and tables reduced to
 * their words), cut at a word boundary with an ellipsis to at most `max` characters (search engines
 * show about 155).
 */
export function metaDescription(markdown: string, max = 155): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The URL of a server entry with its variables at their defaults (OpenAPI 3.0 §4.7.5). */
export function serverUrl(server: unknown): string | null {
  if (!isObject(server) || typeof server.url !== 'string') return null;
  const vars = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const v = vars[name];
    return isObject(v) && typeof v.default === 'string' ? v.default : m;
  });
}

function prettyJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * An example as a page shows it: the body's text, JSON pretty-printed (a string under a JSON media
 * type quoted, as the mock sends it), its long strings shortened (long-values.ts).
 */
function exampleView(name: string, summary: string | undefined, mediaType: string, body: BodyExample): ExampleView {
  const { value, shortened } = boundLongStrings(body.text ?? body.value);
  const text =
    body.text === undefined && isJsonMediaType(mediaType) ? JSON.stringify(value ?? null, null, 2) : prettyJson(value);
  const view: ExampleView = { name, value: text, generated: body.generated };
  if (summary !== undefined) view.summary = summary;
  if (shortened > 0) view.shortened = shortened;
  return view;
}

/**
 * The examples of a media type: each one the description gives, else the one generated from its
 * schema (spec/examples.ts, the body the mock answers). Request bodies get a generated example
 * under JSON media types only (what the code samples send); responses under every media type
 * whose generated body is not empty (a binary string has nothing to show).
 */
function examplesOf(doc: Json, mediaType: string, media: Json, direction: Direction): ExampleView[] {
  const described = describedExamples(doc, media);
  if (described.length > 0) {
    return described.map((ex) => exampleView(ex.name, ex.summary, mediaType, describedBody(doc, mediaType, media, ex)));
  }
  if (direction === 'request' && !/json/i.test(mediaType)) return [];
  const generated = generatedBody(doc, mediaType, media, { direction });
  if (!generated || bodyText(mediaType, generated) === '') return [];
  return [exampleView('Example', undefined, mediaType, generated)];
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

function schemeSummary(name: string, s: Json): string {
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme) {
    return s.scheme.toLowerCase() === 'bearer'
      ? 'Authorization: Bearer <token>'
      : `Authorization: ${s.scheme[0]?.toUpperCase()}${s.scheme.slice(1)} <credentials>`;
  }
  if (s.type === 'apiKey' && typeof s.name === 'string' && typeof s.in === 'string')
    return `API key in the ${s.in} ${s.in === 'query' ? 'parameter' : ''} ${s.name}`.replace(/\s+/g, ' ');
  if (s.type === 'oauth2') return 'OAuth 2.0 access token (Authorization: Bearer <token>)';
  if (s.type === 'openIdConnect') return 'OpenID Connect access token';
  if (s.type === 'mutualTLS') return 'Mutual TLS: a client certificate';
  return name;
}

function securityOf(doc: Json, operation: Json): SchemeView[][] {
  const reqs = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  return reqs.filter(isObject).map((req) =>
    Object.entries(req).map(([name, scopes]) => {
      const s = deref(doc, schemes[name]);
      const scheme = isObject(s) ? s : {};
      return {
        name,
        summary: schemeSummary(name, scheme),
        description: str(scheme.description),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
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
    headers.push({ name: 'Authorization', value: 'Bearer $TOKEN' });
  }
  const json = body?.contents.find((c) => /json/i.test(c.mediaType));
  const q = query.toString();
  return {
    method,
    url: q ? `${url}?${q}` : url,
    headers: json ? [...headers, { name: 'Content-Type', value: json.mediaType }] : headers,
    body: json?.examples[0]?.value,
  };
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

/** The base URL of generated samples: the first server (variables at their defaults), made absolute. */
function sampleBase(doc: Json): string {
  const fallback = 'https://api.example.com';
  const url = serverUrl(Array.isArray(doc.servers) ? doc.servers[0] : undefined);
  if (!url) return fallback;
  try {
    return new URL(url, fallback).href.replace(/\/+$/, '');
  } catch {
    return fallback;
  }
}

/**
 * Maps the document to the reference's pages.
 * @throws {Error} on an invalid `x-stability`, `x-deprecated-sunset`, `x-successor` or `x-tagGroups`
 *   (the message names the operation or field)
 */
export function buildReferenceModel(input: OpenApiDocument, options: ModelOptions): ReferenceModel {
  const doc = input as Json;
  const base = options.base ?? REFERENCE_BASE;
  const listed = listOperations(input).map((o) => (o.kind === 'operation' && !o.tag ? { ...o, tag: DEFAULT_TAG } : o));
  const ops: OperationRef[] = listed.map(({ operation: _o, pathItem: _p, key: _k, ...ref }) => ref);
  const pathOps = ops.filter((o) => o.kind === 'operation');

  // Navigation: groups of top-level tags; tags under a nested parent are lifted to that parent's
  // top-level ancestor for grouping and hang below their parent.
  const nesting = tagNesting(doc);
  const usedTags = new Set(pathOps.map((o) => o.tag));
  const lifted = new Set<string>();
  for (const t of usedTags) for (const a of nesting.ancestors.get(t) ?? []) lifted.add(a);
  const topLevel = [...usedTags, ...lifted].filter((t) => !nesting.ancestors.has(t));
  const declaredGroups = tagGroups(input).length > 0;
  const groups = navigationGroups(
    input,
    topLevel.map((tag) => ({ tag })),
  );
  const groupOfTag = new Map(groups.flatMap((g) => g.tags.map((t) => [t, g.name] as const)));
  const groupOf = (tag: string): string => {
    const top = [tag, ...(nesting.ancestors.get(tag) ?? [])].at(-1) ?? tag;
    return groupOfTag.get(top) ?? 'Other';
  };
  // Navigation order: each group's tags, each followed by its nested tags (depth first).
  const tagNames: string[] = [];
  const visit = (t: string) => {
    if (tagNames.includes(t)) return;
    tagNames.push(t);
    for (const c of nesting.children.get(t) ?? []) if (usedTags.has(c) || lifted.has(c)) visit(c);
  };
  for (const g of groups) for (const t of g.tags) visit(t);

  const schemaNames =
    isObject(doc.components) && isObject(doc.components.schemas) ? Object.keys(doc.components.schemas) : [];
  const schemaSlugList = uniqueSlugs(schemaNames);
  const schemaSlugs = new Map(schemaNames.map((n, i) => [n, schemaSlugList[i] ?? 'x']));
  const pageUrl = (name: string) => `${base}/schemas/${schemaSlugs.get(name) ?? 'x'}/`;
  // Which schemas have a page: all of them, or (large descriptions) the ones found below, once the
  // operations are known. Until then every schema counts as having one: links do not change what a
  // page expands or collapses, so the search below sees the pages as they will be built.
  let paged: ReadonlySet<string> | null = null;
  const schemaUrl = (name: string) => (!paged || paged.has(name) ? pageUrl(name) : undefined);
  const baseCtx: SchemaContext = { doc, schemaUrl, maxRefDepth: options.maxRefDepth ?? 2 };

  const tagSlugList = uniqueSlugs(tagNames);
  const tagSlug = new Map(tagNames.map((t, i) => [t, tagSlugList[i] ?? slugifyTag(t)]));
  const tagMeta = tagObjects(doc);
  const opSlugs = uniqueSlugs(
    ops.map((o) =>
      o.kind === 'webhook' && o.operationId === `${o.method} ${o.path}` ? `webhook ${o.path}` : o.operationId,
    ),
    RESERVED_SLUGS,
  );
  const sampleServer = sampleBase(doc);
  const targets = options.tryItTargets ?? ['mock', 'description'];
  const hasServers = Array.isArray(doc.servers) && doc.servers.some((s) => isObject(s) && typeof s.url === 'string');
  const tryItTo = { mock: targets.includes('mock'), servers: targets.includes('description') && hasServers };
  const webhooksUrl = `${base}/webhooks/`;

  const raw = new Map<string, { operation: Json; pathItem: Json }>();
  const operations: OperationSummary[] = listed.map(({ operation, pathItem, key, ...ref }, i) => {
    const slug = opSlugs[i] ?? 'x';
    const where = `${ref.method} ${ref.path} (${ref.operationId})`;
    const level = stabilityOf(operation, where);
    raw.set(slug, { operation, pathItem });
    const webhook = ref.kind === 'webhook';
    const labels = (Array.isArray(operation.tags) ? operation.tags : [])
      .filter((t): t is string => typeof t === 'string')
      .flatMap((t) => {
        const meta = tagMeta.get(t);
        return isNavigationTag(meta) ? [] : [{ kind: String(meta?.kind), name: t }];
      });
    return {
      kind: ref.kind,
      operationId: ref.operationId,
      hasOperationId: typeof operation.operationId === 'string' && operation.operationId.trim() !== '',
      slug,
      url: `${base}/${slug}/`,
      method: ref.method,
      path: ref.path,
      summary: ref.summary,
      tag: webhook ? 'Webhooks' : ref.tag,
      tagUrl: webhook ? webhooksUrl : `${base}/tags/${tagSlug.get(ref.tag) ?? 'x'}/`,
      group: webhook ? 'Webhooks' : groupOf(ref.tag),
      legacyAnchor: ref.anchor,
      stability: level ? { level, label: level === 'beta' ? 'Beta' : 'Experimental' } : null,
      deprecation: describeDeprecation(ops[i] ?? ref, operation, ops, options.buildDate),
      tryIt:
        (tryItTo.mock || tryItTo.servers) &&
        operation['x-hideTryItPanel'] !== true &&
        !webhook &&
        (HTTP_METHODS as readonly string[]).includes(key),
      labels,
    };
  });

  const operationView = (op: OperationSummary): OperationView => {
    const source = raw.get(op.slug);
    if (!source) throw new Error(`no operation with the slug ${op.slug}`);
    const { operation, pathItem } = source;
    const ctx: SchemaContext = { ...baseCtx, expanded: new Set(), budget: { rows: PAGE_ROW_BUDGET } };
    const parameters = parameterViews(doc, parametersOf(doc, pathItem, operation), ctx);
    const requestBody = requestBodyView(doc, operation.requestBody, ctx);
    const responses = responseViews(doc, operation.responses, ctx);
    const security = securityOf(doc, operation);
    const ext =
      isObject(operation.externalDocs) && typeof operation.externalDocs.url === 'string'
        ? operation.externalDocs
        : null;
    return {
      ...op,
      description: str(operation.description),
      security,
      parameters,
      requestBody,
      responses,
      // A webhook is sent by the API: a sample of calling it would mislead.
      samples:
        op.kind === 'webhook'
          ? []
          : codeSamples(operation, sampleRequest(sampleServer, op.method, op.path, parameters, security, requestBody)),
      callbacks: callbackViews(doc, operation, ctx),
      externalDocs: ext ? { url: String(ext.url), description: str(ext.description) } : undefined,
    };
  };

  const tagViews = new Map<string, TagView>();
  for (const name of tagNames) {
    const slug = tagSlug.get(name) ?? 'x';
    tagViews.set(name, {
      name,
      slug,
      url: `${base}/tags/${slug}/`,
      group: groupOf(name),
      description: str(tagMeta.get(name)?.description),
      operations: operations.filter((o) => o.kind === 'operation' && o.tag === name),
      children: [],
    });
  }
  for (const [parent, kids] of nesting.children) {
    const view = tagViews.get(parent);
    if (!view) continue;
    view.children = kids.map((k) => tagViews.get(k)).filter((t): t is TagView => Boolean(t));
  }
  const tags = tagNames.map((n) => tagViews.get(n)).filter((t): t is TagView => Boolean(t));

  const usedBy = new Map<string, SchemaPageView['usedBy']>();
  for (let i = 0; i < listed.length; i++) {
    const op = operations[i];
    const rawOp = listed[i]?.operation;
    if (!op || !rawOp) continue;
    const names = new Set<string>();
    collectSchemaRefs(doc, rawOp, names, new Set(), 0);
    for (const n of names) {
      const list = usedBy.get(n) ?? [];
      list.push({ operationId: op.operationId, method: op.method, path: op.path, summary: op.summary, url: op.url });
      usedBy.set(n, list);
    }
  }
  const pageCtx: SchemaContext = { ...baseCtx, maxRefDepth: (options.maxRefDepth ?? 2) + 1 };
  const treeOf = (name: string): SchemaNode =>
    schemaNode({ $ref: formatPointer(['components', 'schemas', name], { fragment: true }) }, pageCtx);
  const schemaTree = (schema: SchemaPageView): SchemaNode => treeOf(schema.name);
  if (schemaNames.length > (options.schemaPages ?? SCHEMA_PAGE_LIMIT)) {
    // The schemas a reader can reach only through a page of their own: collapsed on an operation's
    // page, or on the page of a schema found so far.
    const found = new Set<string>();
    for (const op of operations) collapsedSchemas(operationView(op), found);
    const known = new Set(schemaNames);
    const queue = [...found].filter((n) => known.has(n));
    const closure = new Set(queue);
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const more = new Set<string>();
      collapsedSchemas(treeOf(name), more);
      for (const m of more) {
        if (known.has(m) && !closure.has(m)) {
          closure.add(m);
          queue.push(m);
        }
      }
    }
    paged = closure;
  }
  const schemas: SchemaPageView[] = schemaNames
    .filter((name) => !paged || paged.has(name))
    .map((name) => ({
      name,
      slug: schemaSlugs.get(name) ?? 'x',
      url: pageUrl(name),
      usedBy: usedBy.get(name) ?? [],
    }));
  const schemaIndex: SchemaIndexEntry[] = schemaNames.map((name) => {
    const url = schemaUrl(name);
    if (url) return { name, url };
    const first = usedBy.get(name)?.[0];
    return first
      ? { name, shownOn: { method: first.method, path: first.path, summary: first.summary, url: first.url } }
      : { name };
  });

  const info = isObject(doc.info) ? doc.info : {};
  const webhooks = operations.filter((o) => o.kind === 'webhook');
  return {
    base,
    title: str(info.title) ?? 'API reference',
    version: typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : '',
    summary: str(info.summary),
    description: str(info.description),
    groups: groups.map((g) => ({
      name: g.name,
      tags: g.tags.map((t) => tagViews.get(t)).filter((t): t is TagView => Boolean(t)),
      implicit: !declaredGroups,
    })),
    tags,
    operations,
    webhooks,
    webhooksUrl: webhooks.length > 0 ? webhooksUrl : undefined,
    schemas,
    schemaIndex,
    sampleServer,
    tryItTo,
    operationView,
    schemaTree,
  };
}

/**
 * Names of the component schemas an object uses, following parameter/response/requestBody `$ref`s
 * (not into schemas: the list is of schemas used directly, and stays small on large documents).
 */
function collectSchemaRefs(doc: Json, value: unknown, out: Set<string>, seen: Set<string>, depth: number): void {
  if (depth > 12) return;
  if (Array.isArray(value)) {
    for (const v of value) collectSchemaRefs(doc, v, out, seen, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const ref = typeof value.$ref === 'string' ? value.$ref : null;
  if (ref) {
    const name = schemaRefName(ref);
    if (name) {
      out.add(name);
      return;
    }
    if (seen.has(ref)) return;
    seen.add(ref);
    collectSchemaRefs(doc, deref(doc, value), out, seen, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'x-codeSamples' || k === 'example' || k === 'examples') continue;
    collectSchemaRefs(doc, v, out, seen, depth + 1);
  }
}
